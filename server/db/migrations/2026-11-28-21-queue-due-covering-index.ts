import type { Kysely } from "kysely";

/**
 * The queue's due-date index carries each deliverable's order id (docs/decisions/0069-full-text-search.md): a search
 * with many matches walks this index and tests `order_id` against the matching orders before reading any row, so a
 * page costs the rows it shows, not every row it passes. It replaces `deliverables_queue_due` (due_at, id), a prefix
 * of it.
 */
// Kysely<any>: a migration is written against the schema of its day, not the live one (server/db/schema.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("deliverables_queue_due_order").on("deliverables").columns(["due_at", "id", "order_id"]).execute();
  await db.schema.dropIndex("deliverables_queue_due").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("deliverables_queue_due").on("deliverables").columns(["due_at", "id"]).execute();
  await db.schema.dropIndex("deliverables_queue_due_order").execute();
}
