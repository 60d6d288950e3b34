import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-28-75-promotion-codes";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

const AT = "2026-11-27T10:00:00.000Z";
const USER = "00000000-0000-4000-9000-000000000001";
const ORDER = "00000000-0000-4000-8000-000000000017";

describe("migration: promotion codes", () => {
  it("gives existing orders no discount, keeps them when it goes down, and goes up again", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, migrationBefore(MIGRATION));
    const k = db.kysely as any;
    await k.insertInto("users").values({
      id: USER, email: "ada@example.com", first_name: "Ada", last_name: "L", country: "ES", company: "", city: "", zip_code: "",
      address: "", password_hash: "x", role: "customer", created_at: AT, updated_at: AT,
    }).execute();
    await k.insertInto("orders").values({
      id: ORDER, seq: 17, number: "SC-000017", user_id: USER, status: "paid", currency: "EUR", total: 14_900, billing_json: "{}", locale: "es", created_at: AT,
      updated_at: AT, due_at: AT, needs_info_since: null, resume_status: null, revision_rounds: 2, revisions_used: 0, assigned_to: null, delivered_at: null,
      review_ends_at: null, completed_at: null,
    }).execute();

    await migrateTo(db, MIGRATION);
    expect(await k.selectFrom("orders").select(["total", "discount", "promo_code"]).execute()).toEqual([{ total: 14_900, discount: 0, promo_code: null }]);
    await k.insertInto("promotion_codes").values({
      id: "c1", code: "SPRING", percent: 10, amounts_json: null, product_ids_json: "[]", starts_at: AT, ends_at: null, once_per_customer: 0,
      first_order_only: 0, minimum_json: "{}", max_uses: null, created_at: AT, updated_at: AT,
    }).execute();
    expect(await k.selectFrom("promotion_codes").select(["code", "uses", "paused"]).execute()).toEqual([{ code: "SPRING", uses: 0, paused: 0 }]);

    await migrateTo(db, migrationBefore(MIGRATION));
    const columns = Object.keys(await k.selectFrom("orders").selectAll().executeTakeFirst());
    expect(columns).not.toContain("discount");
    expect(columns).not.toContain("promo_code");
    await expect(k.selectFrom("promotion_codes").selectAll().execute()).rejects.toThrow();

    await migrateTo(db, MIGRATION);
    expect(await k.selectFrom("promotion_codes").selectAll().execute()).toEqual([]);
  });
});
