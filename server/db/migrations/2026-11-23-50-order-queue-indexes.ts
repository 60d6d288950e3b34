import type { Kysely } from "kysely";

/**
 * Indexes for the back office's order queue and dashboard (docs/decisions/0032-order-queue-keyset-and-indexes.md):
 * the queue is sorted by due date with the id as tie-breaker and paged by keyset, so each filter it offers has an
 * index that ends in (due_at, id); the dashboard reads money in and out by kind and day, and first deliveries by day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("orders_queue_due").on("orders").columns(["due_at", "id"]).execute();
  await db.schema.createIndex("orders_queue_status").on("orders").columns(["status", "due_at", "id"]).execute();
  await db.schema.createIndex("orders_queue_writer").on("orders").columns(["assigned_to", "due_at", "id"]).execute();
  await db.schema.createIndex("orders_queue_user").on("orders").columns(["user_id", "due_at", "id"]).execute();
  await db.schema.createIndex("orders_created").on("orders").column("created_at").execute();
  await db.schema.createIndex("order_items_product").on("order_items").columns(["product_id", "order_id"]).execute();
  await db.schema.createIndex("ledger_entries_kind_day").on("ledger_entries").columns(["kind", "created_at"]).execute();
  await db.schema.createIndex("order_versions_created").on("order_versions").columns(["number", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "orders_queue_due", "orders_queue_status", "orders_queue_writer", "orders_queue_user", "orders_created",
    "order_items_product", "ledger_entries_kind_day", "order_versions_created",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
