import { afterEach, describe, expect, it } from "vitest";
import { migrationBefore, openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

const MIGRATION = "2026-11-28-90-rush-booking-day";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

const AT = "2026-11-27T10:00:00.000Z";
const RUSH = JSON.stringify([{ id: "rush", kind: "rush", price: 6000, nextFreeDay: false }]);
const order = {
  id: "o1", seq: 1, number: "SC-000001", user_id: "c1", status: "paid", currency: "EUR", total: 30000, billing_json: "{}", locale: "en",
  created_at: AT, updated_at: AT, due_at: AT, needs_info_since: null, resume_status: null, revision_rounds: 2, revisions_used: 0, assigned_to: null,
  delivered_at: null, review_ends_at: null, completed_at: null,
};
const deliverable = (id: string, n: number, status: string, options: string) => ({
  id, order_id: "o1", n, item_position: n - 1, product_id: "article-forge", bundle_id: null, price: 10000, status, due_at: "2026-12-02T10:00:00.000Z",
  needs_info_since: null, resume_status: null, revision_rounds: 2, revisions_used: 0, revision_days: 3, assigned_to: null, delivered_at: null,
  review_ends_at: null, completed_at: null, cancelled_at: status === "cancelled" ? AT : null, created_at: AT, updated_at: AT, options_json: options,
});

describe("migration: the day a rush booked", () => {
  it("gives open rush deliverables the day of their due date, others none, and goes down again", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, migrationBefore(MIGRATION));
    const k = db.kysely as any;
    await k.insertInto("products").values({ id: "article-forge", kind: "service", position: 0 }).execute();
    await k.insertInto("users").values({
      id: "c1", email: "c1@example.test", first_name: "Ada", last_name: "Li", country: "ES", company: "", city: "", zip_code: "", address: "",
      password_hash: "x", role: "customer", created_at: AT, updated_at: AT,
    }).execute();
    await k.insertInto("orders").values(order).execute();
    await k.insertInto("deliverables").values([deliverable("d1", 1, "paid", RUSH), deliverable("d2", 2, "cancelled", RUSH), deliverable("d3", 3, "paid", "[]")]).execute();

    await migrateTo(db, MIGRATION);
    expect(await k.selectFrom("deliverables").select(["id", "rush_day"]).orderBy("id").execute()).toEqual([
      { id: "d1", rush_day: "2026-12-02" },
      { id: "d2", rush_day: null },
      { id: "d3", rush_day: null },
    ]);

    await migrateTo(db, migrationBefore(MIGRATION));
    expect(Object.keys(await k.selectFrom("deliverables").selectAll().where("id", "=", "d1").executeTakeFirst())).not.toContain("rush_day");
    await migrateTo(db, MIGRATION);
  });
});
