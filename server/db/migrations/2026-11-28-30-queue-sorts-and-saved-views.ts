import type { Kysely } from "kysely";

/**
 * Issue 26, point 6:
 * - indexes for the queue's sortable columns that had none (service, and the order number and total its join reads
 *   in order); status, writer and due date already have theirs (2026-11-25-60-deliverables.ts).
 * - `staff_saved_views`: a member of staff's named views of the order queue (the filters and sort as the URL's query
 *   string), theirs alone; a name once per person.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("deliverables_queue_service").on("deliverables").columns(["product_id", "due_at", "id"]).execute();
  await db.schema.createIndex("orders_queue_total").on("orders").columns(["total", "id"]).execute();
  await db.schema
    .createTable("staff_saved_views")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("staff_saved_views_name", ["user_id", "name"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_saved_views").execute();
  await db.schema.dropIndex("orders_queue_total").execute();
  await db.schema.dropIndex("deliverables_queue_service").execute();
}
