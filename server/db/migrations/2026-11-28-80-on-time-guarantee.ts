import type { Kysely } from "kysely";

/**
 * The on-time guarantee (issue 28; docs/decisions/0076-on-time-guarantee-and-favourite-writer.md), owned by the orders
 * module: one row per deliverable that became late and was credited its share of the guarantee. The deliverable is the
 * primary key, so the credit is given once however often the late check runs, on however many instances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("on_time_credits")
    .addColumn("deliverable_id", "text", (c) => c.primaryKey().references("deliverables.id").onDelete("cascade"))
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("percent", "integer", (c) => c.notNull())
    .addColumn("expected_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("on_time_credits_created").on("on_time_credits").columns(["created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("on_time_credits").execute();
}
