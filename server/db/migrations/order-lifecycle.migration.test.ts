import { afterEach, describe, expect, it } from "vitest";
import { openEmptyDatabase } from "../../test/empty-database";
import type { Db } from "../database";
import { migrateTo } from "../migrate";

let db: Db;
let drop: () => Promise<void>;
afterEach(async () => {
  await db.close();
  await drop();
});

async function fresh(): Promise<void> {
  ({ db, drop } = await openEmptyDatabase());
}

describe("migration to the order lifecycle", () => {
  it("keeps every order, item and delivered file, and gives delivered orders a review window job", async () => {
    await fresh();
    await migrateTo(db, "2026-11-22-09-order-numbers");
    const k = db.kysely as any;
    await k.insertInto("products").values({ id: "article-forge", kind: "service", position: 0, active: 1 }).execute();
    await k.insertInto("users").values({ id: "u1", email: "old@example.com", first_name: "O", last_name: "L", country: "ES", password_hash: "x", role: "staff", created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" }).execute();
    const order = (id: string, seq: number, status: string, result: boolean) => ({
      id, seq, number: `SC-00000${seq}`, user_id: "u1", status, currency: "EUR", total: 14900, billing_json: "{}", locale: "es",
      created_at: "2026-01-02T10:00:00.000Z", updated_at: "2026-01-03T10:00:00.000Z",
      result_key: result ? `results/${id}/file` : null, result_file_name: result ? "entrega.md" : null, result_content_type: result ? "text/markdown" : null,
      result_size: result ? 42 : null, result_sha256: result ? "abc" : null, delivered_at: result ? "2026-01-03T10:00:00.000Z" : null,
    });
    await k.insertInto("orders").values([order("o1", 1, "delivered", true), order("o2", 2, "in_progress", false), order("o3", 3, "cancelled", false)]).execute();
    await k.insertInto("order_items").values(["o1", "o2", "o3"].map((id) => ({ order_id: id, position: 0, product_id: "article-forge", price: 14900, brief_json: "{}" }))).execute();

    await migrateTo(db, "2026-11-25-56-mail-rendered-after-commit");

    const orders = await db.kysely.selectFrom("orders").select(["id", "status", "due_at", "review_ends_at"]).orderBy("seq").execute();
    expect(orders.map((row) => [row.id, row.status, row.due_at])).toEqual([
      ["o1", "delivered", "2026-01-07T10:00:00.000Z"],
      ["o2", "in_progress", "2026-01-07T10:00:00.000Z"],
      ["o3", "cancelled", "2026-01-07T10:00:00.000Z"],
    ]);
    expect(orders[0]!.review_ends_at).not.toBeNull();
    expect(await db.kysely.selectFrom("order_items").select("order_id").execute()).toHaveLength(3);
    const files = await db.kysely.selectFrom("order_files").innerJoin("order_versions", "order_versions.id", "order_files.version_id").select(["order_files.order_id", "number", "storage_key", "file_name", "size", "sha256"]).execute();
    expect(files).toEqual([{ order_id: "o1", number: 1, storage_key: "results/o1/file", file_name: "entrega.md", size: 42, sha256: "abc" }]);
    expect(await db.kysely.selectFrom("jobs").select(["kind", "unique_key"]).execute()).toEqual([{ kind: "order.review-end", unique_key: "order.review-end:o1:1" }]);
    expect((await db.kysely.selectFrom("users").select("role").executeTakeFirstOrThrow()).role).toBe("admin");
    // The new statuses are allowed; an unknown one is still refused.
    await db.kysely.updateTable("orders").set({ status: "needs_info" }).where("id", "=", "o2").execute();
    await expect(db.kysely.updateTable("orders").set({ status: "lost" as never }).where("id", "=", "o2").execute()).rejects.toThrow();
  });
});
