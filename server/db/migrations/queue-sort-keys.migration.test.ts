import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-28-60-queue-sort-keys";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

const AT = "2026-11-27T10:00:00.000Z";
const person = (id: string, first: string, last: string, role: string) => ({
  id, email: `${id}@example.test`, first_name: first, last_name: last, country: "ES", company: "", city: "", zip_code: "", address: "",
  password_hash: "x", role, created_at: AT, updated_at: AT,
});
const order = (seq: number, userId: string, total: number) => ({
  id: `o${seq}`, seq, number: `SC-00000${seq}`, user_id: userId, status: "paid", currency: "EUR", total, billing_json: "{}", locale: "es", created_at: AT,
  updated_at: AT, due_at: AT, needs_info_since: null, resume_status: null, revision_rounds: 2, revisions_used: 0, assigned_to: null, delivered_at: null,
  review_ends_at: null, completed_at: null,
});
const deliverable = (id: string, orderId: string, n: number, assignedTo: string | null) => ({
  id, order_id: orderId, n, item_position: 0, product_id: "article-forge", bundle_id: null, price: 100, status: "paid", due_at: AT, needs_info_since: null,
  resume_status: null, revision_rounds: 2, revisions_used: 0, revision_days: 3, assigned_to: assignedTo, delivered_at: null, review_ends_at: null,
  completed_at: null, cancelled_at: null, created_at: AT, updated_at: AT,
});

describe("migration: the queue's sort keys", () => {
  it("fills each deliverable's customer and writer name and order total, and goes down again", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, migrationBefore(MIGRATION));
    const k = db.kysely as any;
    await k.insertInto("products").values({ id: "article-forge", kind: "service", position: 0 }).execute();
    await k.insertInto("users").values([person("c1", "Ángela", "Núñez", "customer"), person("c2", "Bo", "Li", "customer"), person("w1", "Carl", "Writer", "writer")]).execute();
    await k.insertInto("orders").values([order(1, "c1", 14900), order(2, "c2", 24000)]).execute();
    await k.insertInto("deliverables").values([deliverable("d1", "o1", 1, "w1"), deliverable("d2", "o1", 2, null), deliverable("d3", "o2", 1, null)]).execute();

    await migrateTo(db);

    const keys = await k.selectFrom("deliverables").select(["id", "customer_sort", "writer_sort", "order_total"]).orderBy("id").execute();
    expect(keys).toEqual([
      { id: "d1", customer_sort: "ángela núñez", writer_sort: "carl writer", order_total: 14900 },
      { id: "d2", customer_sort: "ángela núñez", writer_sort: "\uffff", order_total: 14900 },
      { id: "d3", customer_sort: "bo li", writer_sort: "\uffff", order_total: 24000 },
    ]);
    // A row written without the keys (a direct insert) still goes in, with the defaults.
    await k.insertInto("deliverables").values(deliverable("d4", "o2", 2, null)).execute();
    expect(await k.selectFrom("deliverables").select(["customer_sort", "writer_sort", "order_total"]).where("id", "=", "d4").executeTakeFirst()).toEqual({
      customer_sort: "", writer_sort: "\uffff", order_total: 0,
    });

    await migrateTo(db, migrationBefore(MIGRATION));
    const columns = Object.keys(await k.selectFrom("deliverables").selectAll().where("id", "=", "d1").executeTakeFirst());
    expect(columns).not.toContain("customer_sort");
    expect(columns).not.toContain("order_total");
    await migrateTo(db);
    expect((await k.selectFrom("deliverables").select("customer_sort").where("id", "=", "d4").executeTakeFirst()).customer_sort).toBe("bo li");
  });
});
