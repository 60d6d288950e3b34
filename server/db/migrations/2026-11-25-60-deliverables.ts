import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";

/**
 * The deliverable becomes the unit of work (LIFECYCLE.md, issue 24, docs/decisions/0059-deliverables.md): each order
 * holds one deliverable per item, with the state, writer, clock and revision rounds the order carried until now.
 *
 * Today's orders move over without losing anything: each item becomes a deliverable (a bundle bought earlier stays
 * one deliverable, as it was worked), carrying its order's state. Versions, result files and events stay where they
 * are and name the deliverable when the order had one item; an older order of several items was delivered as a whole,
 * so its versions and events keep `deliverable_id` null, which reads as "about every deliverable of the order". Files
 * keep their storage keys, so downloads and ETags hold. A refund an order already had is recorded against its
 * deliverables in turn, each up to its price. Queued timed work of an order becomes one job per open deliverable.
 */
// Business days a revision takes, per service (a catalog field from now on); a bundle takes its longest service.
const REVISION_DAYS: Record<string, number> = {
  "article-forge": 2,
  "web-copycraft": 3,
  "seo-layer": 2,
  "investor-deck": 5,
  "whitepaper-builder": 5,
  "project-snapshot": 3,
  "custom-creation": 5,
};
const STATUSES = sql`status in ('paid', 'needs_info', 'in_progress', 'delivered', 'revision_requested', 'completed', 'cancelled')`;
const LIFECYCLE_COLUMNS = [
  "status",
  "due_at",
  "needs_info_since",
  "resume_status",
  "revision_rounds",
  "revisions_used",
  "assigned_to",
  "delivered_at",
  "review_ends_at",
  "completed_at",
] as const;

// Kysely<any>: a migration is written against the schema of its day, not the live one (server/db/schema.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await addRevisionDays(db);
  await createTables(db);
  await moveOrders(db, new Date().toISOString());
}

async function addRevisionDays(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("revision_days", "integer", (c) => c.notNull().defaultTo(3))
    .execute();
  for (const [id, days] of Object.entries(REVISION_DAYS))
    await db.updateTable("products").set({ revision_days: days }).where("id", "=", id).execute();
  const parts = await db.selectFrom("bundle_items").select(["bundle_id", "service_id"]).execute();
  const longest = new Map<string, number>();
  for (const part of parts)
    longest.set(part.bundle_id, Math.max(longest.get(part.bundle_id) ?? 0, REVISION_DAYS[part.service_id] ?? 3));
  for (const [id, days] of longest)
    await db.updateTable("products").set({ revision_days: days }).where("id", "=", id).execute();
}

async function createTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("deliverables")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("n", "integer", (c) => c.notNull())
    .addColumn("item_position", "integer", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("bundle_id", "text", (c) => c.references("products.id"))
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("needs_info_since", "text")
    .addColumn("resume_status", "text")
    .addColumn("revision_rounds", "integer", (c) => c.notNull())
    .addColumn("revisions_used", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revision_days", "integer", (c) => c.notNull())
    .addColumn("assigned_to", "text", (c) => c.references("users.id"))
    .addColumn("delivered_at", "text")
    .addColumn("review_ends_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("deliverables_order_n", ["order_id", "n"])
    .addCheckConstraint("deliverables_status", STATUSES)
    .addCheckConstraint("deliverables_price_not_negative", sql`price >= 0`)
    .execute();
  await db.schema
    .createIndex("deliverables_queue_status")
    .on("deliverables")
    .columns(["status", "due_at", "id"])
    .execute();
  await db.schema
    .createIndex("deliverables_queue_writer")
    .on("deliverables")
    .columns(["assigned_to", "due_at", "id"])
    .execute();
  await db.schema.createIndex("deliverables_queue_due").on("deliverables").columns(["due_at", "id"]).execute();
  for (const table of ["order_versions", "order_files", "order_events", "order_messages"]) {
    await db.schema
      .alterTable(table)
      .addColumn("deliverable_id", "text", (c) => c.references("deliverables.id").onDelete("cascade"))
      .execute();
  }
  await db.schema
    .createIndex("order_versions_deliverable")
    .on("order_versions")
    .columns(["deliverable_id", "number"])
    .execute();
  await db.schema
    .createIndex("order_events_deliverable")
    .on("order_events")
    .columns(["deliverable_id", "seq"])
    .execute();
  await db.schema
    .createTable("deliverable_adjustments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("deliverable_id", "text", (c) => c.notNull().references("deliverables.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("deliverable_adjustments_kind", sql`kind in ('refund', 'credit')`)
    .addCheckConstraint("deliverable_adjustments_amount_positive", sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex("deliverable_adjustments_order")
    .on("deliverable_adjustments")
    .columns(["order_id", "deliverable_id"])
    .execute();
}

async function moveOrders(db: Kysely<any>, now: string): Promise<void> {
  const products = await db.selectFrom("products").select(["id", "revision_days"]).execute();
  const revisionDays = new Map<string, number>(products.map((p) => [p.id, p.revision_days]));
  const orders = await db.selectFrom("orders").selectAll().orderBy("seq").execute();
  const queued = await db
    .selectFrom("jobs")
    .selectAll()
    .where("status", "=", "queued")
    .where("kind", "like", "order.%")
    .execute();
  for (const order of orders) {
    const items = await db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("position")
      .execute();
    const deliverables = items.map((item, index): { id: string; n: number; status: string; price: number } & Record<string, unknown> => ({
      id: randomUUID(),
      order_id: order.id,
      n: index + 1,
      item_position: item.position,
      product_id: item.product_id,
      bundle_id: null,
      price: item.price,
      status: order.status,
      ...Object.fromEntries(LIFECYCLE_COLUMNS.map((column) => [column, order[column]])),
      revision_days: revisionDays.get(item.product_id) ?? 3,
      cancelled_at: order.status === "cancelled" ? order.updated_at : null,
      created_at: order.created_at,
      updated_at: order.updated_at,
    }));
    if (deliverables.length === 0) continue;
    await db.insertInto("deliverables").values(deliverables).execute();
    const only = deliverables.length === 1 ? (deliverables[0]?.id ?? null) : null;
    if (only) {
      for (const table of ["order_versions", "order_files", "order_events"]) {
        await db.updateTable(table).set({ deliverable_id: only }).where("order_id", "=", order.id).execute();
      }
      // Attachments are the thread's; only result files (with a version) belong to the deliverable.
      await db
        .updateTable("order_files")
        .set({ deliverable_id: null })
        .where("order_id", "=", order.id)
        .where("version_id", "is", null)
        .execute();
    }
    await moveRefunds(db, order, deliverables);
    await splitJobs(
      db,
      queued.filter((job) => JSON.parse(job.payload_json).orderId === order.id),
      deliverables,
      now,
    );
  }
}

/** A refund the order already had (its ledger rows of kind `refund`) is booked against its deliverables in turn. */
async function moveRefunds(db: Kysely<any>, order: any, deliverables: { id: string; price: number }[]): Promise<void> {
  const refunds = await db
    .selectFrom("ledger_entries")
    .select(["amount", "created_at"])
    .where("kind", "=", "refund")
    .where("reference", "=", order.number)
    .execute();
  let left = refunds.reduce((sum, row) => sum + Number(row.amount), 0);
  const at = refunds[0]?.created_at ?? order.updated_at;
  for (const deliverable of deliverables) {
    const amount = Math.min(left, deliverable.price);
    if (amount <= 0) break;
    left -= amount;
    await db
      .insertInto("deliverable_adjustments")
      .values({
        id: randomUUID(),
        order_id: order.id,
        deliverable_id: deliverable.id,
        kind: "refund",
        amount,
        reason: "",
        actor_id: null,
        created_at: at,
      })
      .execute();
  }
}

/** Queued timed work of an order (review end, reminders, late flag) becomes one job per deliverable it concerns. */
async function splitJobs(
  db: Kysely<any>,
  jobs: any[],
  deliverables: { id: string; n: number; status: string }[],
  now: string,
): Promise<void> {
  for (const job of jobs) {
    const payload = JSON.parse(job.payload_json);
    await db.deleteFrom("jobs").where("id", "=", job.id).execute();
    for (const deliverable of deliverables.filter((d) => d.status !== "completed" && d.status !== "cancelled")) {
      await db
        .insertInto("jobs")
        .values({
          ...job,
          id: randomUUID(),
          payload_json: JSON.stringify({ ...payload, deliverableId: deliverable.id }),
          unique_key: job.unique_key ? `${job.unique_key}:d${deliverable.n}` : null,
          created_at: now,
        })
        .execute();
    }
  }
}

export async function down(): Promise<void> {
  throw new Error("The deliverables migration is not reversible: restore a backup instead (docs/operations.md).");
}
