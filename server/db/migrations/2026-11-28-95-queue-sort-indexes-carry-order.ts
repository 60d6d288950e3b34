import type { Kysely } from "kysely";

/**
 * The queue's sort indexes carry each deliverable's order id, as its due-date index does since 2026-11-28-21 (docs/
 * decisions/0081-queue-search-walks-its-sort-index.md): a search with many matches walks the index of the sort asked
 * for (customer, writer, price, service, status) and tests `order_id` against the matching orders on the index entry
 * itself, so the rows it passes over cost no table read (SQLite defers the row's seek; PostgreSQL's index-only scan of
 * the page's ids). Each replaces the index without `order_id`, a prefix of it.
 */
const INDEXES = [
  ["deliverables_queue_customer", "customer_sort"],
  ["deliverables_queue_writer_name", "writer_sort"],
  ["deliverables_queue_price", "order_total"],
  ["deliverables_queue_service", "product_id"],
  ["deliverables_queue_status", "status"],
] as const;

// Kysely<any>: a migration is written against the schema of its day, not the live one (server/db/schema.ts).
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of INDEXES) {
    await db.schema.createIndex(`${name}_order`).on("deliverables").columns([column, "due_at", "id", "order_id"]).execute();
    await db.schema.dropIndex(name).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, column] of INDEXES) {
    await db.schema.createIndex(name).on("deliverables").columns([column, "due_at", "id"]).execute();
    await db.schema.dropIndex(`${name}_order`).execute();
  }
}
