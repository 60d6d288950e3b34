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

const AT = "2026-11-02T10:00:00.000Z";
const STATES = [
  "paid",
  "needs_info",
  "in_progress",
  "delivered",
  "revision_requested",
  "completed",
  "cancelled",
] as const;

/** A store of the day before deliverables: one order in every state, one of two items delivered as a whole, a refund. */
async function seedOldStore(k: any): Promise<void> {
  await k
    .insertInto("products")
    .values([
      { id: "article-forge", kind: "service", position: 0, active: 1, turnaround_days: 3, revision_rounds: 2 },
      { id: "seo-layer", kind: "service", position: 1, active: 1, turnaround_days: 5, revision_rounds: 2 },
    ])
    .execute();
  await k
    .insertInto("users")
    .values({
      id: "u1",
      email: "old@example.com",
      first_name: "O",
      last_name: "L",
      country: "ES",
      password_hash: "x",
      role: "customer",
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  const order = (seq: number, status: string, total: number) => ({
    id: `o${seq}`,
    seq,
    number: `SC-00000${seq}`,
    user_id: "u1",
    status,
    currency: "EUR",
    total,
    billing_json: "{}",
    locale: "es",
    created_at: AT,
    updated_at: AT,
    due_at: "2026-11-05T10:00:00.000Z",
    needs_info_since: status === "needs_info" ? AT : null,
    resume_status: status === "needs_info" ? "in_progress" : null,
    revision_rounds: 2,
    revisions_used: status === "revision_requested" ? 1 : 0,
    assigned_to: null,
    delivered_at: status === "delivered" ? AT : null,
    review_ends_at: status === "delivered" ? "2026-11-09T10:00:00.000Z" : null,
    completed_at: status === "completed" ? AT : null,
  });
  await k
    .insertInto("orders")
    .values([...STATES.map((status, i) => order(i + 1, status, 14900)), order(8, "delivered", 24900)])
    .execute();
  const item = (orderId: string, position: number, productId: string, price: number) => ({
    order_id: orderId,
    position,
    product_id: productId,
    price,
    brief_json: "{}",
  });
  await k
    .insertInto("order_items")
    .values([
      ...STATES.map((_, i) => item(`o${i + 1}`, 0, "article-forge", 14900)),
      item("o8", 0, "article-forge", 14900),
      item("o8", 1, "seo-layer", 10000),
    ])
    .execute();
  for (const orderId of ["o4", "o8"]) {
    await k
      .insertInto("order_versions")
      .values({ id: `v-${orderId}`, order_id: orderId, number: 1, note: "", created_by: null, created_at: AT })
      .execute();
    await k
      .insertInto("order_files")
      .values({
        id: `f-${orderId}`,
        order_id: orderId,
        version_id: `v-${orderId}`,
        message_id: null,
        position: 0,
        storage_key: `results/${orderId}/a`,
        file_name: "entrega.md",
        content_type: "text/markdown",
        size: 42,
        sha256: `sha-${orderId}`,
        created_at: AT,
      })
      .execute();
    await k
      .insertInto("order_events")
      .values({
        id: `e-${orderId}`,
        order_id: orderId,
        seq: 1,
        at: AT,
        actor_id: "u1",
        actor_role: "customer",
        kind: "status",
        from_status: null,
        to_status: "paid",
        note: "",
      })
      .execute();
  }
  await k
    .insertInto("order_messages")
    .values({
      id: "m1",
      order_id: "o4",
      author_id: "u1",
      author_role: "customer",
      internal: 0,
      body: "hola",
      created_at: AT,
    })
    .execute();
  await k
    .insertInto("order_files")
    .values({
      id: "f-att",
      order_id: "o4",
      version_id: null,
      message_id: "m1",
      position: 0,
      storage_key: "attachments/o4/x",
      file_name: "x.pdf",
      content_type: "application/pdf",
      size: 3,
      sha256: "sha-att",
      created_at: AT,
    })
    .execute();
  await k
    .insertInto("ledger_entries")
    .values({
      id: "l1",
      user_id: "u1",
      currency: "EUR",
      kind: "refund",
      amount: 9000,
      reference: "SC-000007",
      created_at: AT,
    })
    .execute();
  const job = (orderId: string, kind: string, key: string) => ({
    id: `j-${orderId}`,
    kind,
    payload_json: JSON.stringify({ orderId, version: 1 }),
    unique_key: key,
    status: "queued",
    run_at: "2026-11-09T10:00:00.000Z",
    attempts: 0,
    max_attempts: 10,
    locked_until: null,
    locked_by: null,
    last_error: null,
    created_at: AT,
    finished_at: null,
  });
  await k
    .insertInto("jobs")
    .values([
      job("o4", "order.review-end", "order.review-end:o4:1"),
      job("o8", "order.review-end", "order.review-end:o8:1"),
    ])
    .execute();
}

describe("migration to deliverables", () => {
  it("turns each item into a deliverable carrying its order's state, versions, files, events, refunds and timed work", async () => {
    ({ db, drop } = await openEmptyDatabase());
    await migrateTo(db, "2026-11-25-56-mail-rendered-after-commit");
    await seedOldStore(db.kysely as any);

    await migrateTo(db);

    const k = db.kysely;
    const deliverables = await k.selectFrom("deliverables").selectAll().orderBy("order_id").orderBy("n").execute();
    expect(deliverables.map((d) => [d.order_id, d.n, d.product_id, d.price, d.status])).toEqual([
      ...STATES.map((status, i) => [`o${i + 1}`, 1, "article-forge", 14900, status]),
      ["o8", 1, "article-forge", 14900, "delivered"],
      ["o8", 2, "seo-layer", 10000, "delivered"],
    ]);
    const byOrder = (orderId: string) => deliverables.filter((d) => d.order_id === orderId);
    expect(byOrder("o2")[0]).toMatchObject({
      needs_info_since: AT,
      resume_status: "in_progress",
      due_at: "2026-11-05T10:00:00.000Z",
    });
    expect(byOrder("o5")[0]!.revisions_used).toBe(1);
    expect(byOrder("o4")[0]!.review_ends_at).toBe("2026-11-09T10:00:00.000Z");
    expect(byOrder("o7")[0]!.cancelled_at).toBe(AT);

    // One item: versions, result files and events name its deliverable; attachments stay the thread's.
    const files = await k
      .selectFrom("order_files")
      .select(["id", "deliverable_id", "storage_key", "sha256"])
      .orderBy("id")
      .execute();
    expect(files).toEqual([
      { id: "f-att", deliverable_id: null, storage_key: "attachments/o4/x", sha256: "sha-att" },
      { id: "f-o4", deliverable_id: byOrder("o4")[0]!.id, storage_key: "results/o4/a", sha256: "sha-o4" },
      { id: "f-o8", deliverable_id: null, storage_key: "results/o8/a", sha256: "sha-o8" },
    ]);
    const versions = await k.selectFrom("order_versions").select(["id", "deliverable_id"]).orderBy("id").execute();
    expect(versions).toEqual([
      { id: "v-o4", deliverable_id: byOrder("o4")[0]!.id },
      { id: "v-o8", deliverable_id: null },
    ]);
    expect(
      (await k.selectFrom("order_events").select("deliverable_id").where("id", "=", "e-o4").executeTakeFirstOrThrow())
        .deliverable_id,
    ).toBe(byOrder("o4")[0]!.id);

    // The cancelled order's refund is booked against its deliverable.
    const adjustments = await k
      .selectFrom("deliverable_adjustments")
      .select(["deliverable_id", "kind", "amount"])
      .execute();
    expect(adjustments).toEqual([{ deliverable_id: byOrder("o7")[0]!.id, kind: "refund", amount: 9000 }]);

    // Timed work: one job per deliverable of the order, each naming it.
    const jobs = await k
      .selectFrom("jobs")
      .select(["payload_json", "unique_key"])
      .where("kind", "=", "order.review-end")
      .orderBy("unique_key")
      .execute();
    expect(jobs.map((job) => [job.unique_key, JSON.parse(job.payload_json).deliverableId])).toEqual([
      ["order.review-end:o4:1:d1", byOrder("o4")[0]!.id],
      ["order.review-end:o8:1:d1", byOrder("o8")[0]!.id],
      ["order.review-end:o8:1:d2", byOrder("o8")[1]!.id],
    ]);

    // Catalog: the revision turnaround is a product field now.
    expect(await k.selectFrom("products").select(["id", "revision_days"]).orderBy("id").execute()).toEqual([
      { id: "article-forge", revision_days: 2 },
      { id: "seo-layer", revision_days: 2 },
    ]);
  });
});
