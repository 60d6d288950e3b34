import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { matchesWords, searchWords } from "../full-text";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-28-20-full-text-search";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

const AT = "2026-11-27T10:00:00.000Z";
const USER = "00000000-0000-4000-9000-000000000001";
const ORDER = "00000000-0000-4000-8000-000000000017";
const TICKET = "5a8e837d-0000-4000-9000-000000000001";

/** The owners whose search rows hold every word of `text`. */
async function found(table: "order_search" | "user_search" | "ticket_search", text: string): Promise<string[]> {
  const owner = { order_search: "order_id", user_search: "user_id", ticket_search: "ticket_id" }[table];
  const rows = await (db.kysely as any).selectFrom(table).select(owner).distinct().where(matchesWords(db.kysely, table, searchWords(text))).execute();
  return rows.map((row: Record<string, string>) => row[owner]);
}

describe("migration: full-text search", () => {
  it("indexes the rows already there, then follows inserts, updates and deletes", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, migrationBefore(MIGRATION));
    const k = db.kysely as any;
    await k.insertInto("users").values({
      id: USER, email: "ada@halefintech.com", first_name: "Adelina", last_name: "Núñez", country: "ES", company: "Hale Fintech", city: "", zip_code: "",
      address: "", password_hash: "x", role: "customer", created_at: AT, updated_at: AT,
    }).execute();
    await k.insertInto("orders").values({
      id: ORDER, seq: 17, number: "SC-000017", user_id: USER, status: "paid", currency: "EUR", total: 100, billing_json: "{}", locale: "es", created_at: AT,
      updated_at: AT, due_at: AT, needs_info_since: null, resume_status: null, revision_rounds: 2, revisions_used: 0, assigned_to: null, delivered_at: null,
      review_ends_at: null, completed_at: null,
    }).execute();
    await k.insertInto("order_messages").values({ id: "m1", order_id: ORDER, author_id: USER, author_role: "customer", internal: 0, body: "Mention the Quetzal airship.", created_at: AT }).execute();
    await k.insertInto("support_tickets").values({ id: TICKET, email: "billing@halefintech.com", description: "Wrong marmalade on the invoice.", locale: "en", created_at: AT }).execute();

    await migrateTo(db);

    expect(await found("user_search", "halefintech")).toEqual([USER]);
    expect(await found("user_search", "nunez adel")).toEqual([USER]);
    expect(await found("order_search", "17")).toEqual([ORDER]);
    expect(await found("order_search", "quetzal")).toEqual([ORDER]);
    expect(await found("ticket_search", "t-5a8e837d")).toEqual([TICKET]);
    expect(await found("ticket_search", "MARMALADE")).toEqual([TICKET]);

    await k.updateTable("users").set({ email: "ada@other.example" }).where("id", "=", USER).execute();
    await k.updateTable("order_messages").set({ body: "" }).where("id", "=", "m1").execute();
    await k.insertInto("support_messages").values({ id: "s1", ticket_id: TICKET, author: "staff", staff_id: null, body: "Fixed the kumquat line.", created_at: AT }).execute();
    expect(await found("user_search", "halefintech")).toEqual([]);
    expect(await found("user_search", "other example")).toEqual([USER]);
    expect(await found("order_search", "quetzal")).toEqual([]);
    expect(await found("ticket_search", "kumquat")).toEqual([TICKET]);

    await k.deleteFrom("order_messages").where("order_id", "=", ORDER).execute();
    await k.deleteFrom("orders").where("id", "=", ORDER).execute();
    expect(await found("order_search", "17")).toEqual([]);
    expect(await k.selectFrom("order_search").selectAll().execute()).toEqual([]);
  });
});
