import { sql, type Kysely } from "kysely";

/**
 * "Pay the difference and place the order" (docs/decisions/0061-pay-the-difference.md): the order waiting for its
 * deposit, written in the deposit's transaction and placed once when the deposit is paid. Owned by the orders module.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pending_checkouts")
    .addColumn("deposit_id", "text", (c) => c.primaryKey().references("deposits.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("request_json", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('awaiting', 'placed', 'refused')`))
    .addColumn("response_json", "text")
    .addColumn("reason_json", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pending_checkouts_user").on("pending_checkouts").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pending_checkouts").execute();
}
