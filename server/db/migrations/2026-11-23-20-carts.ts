import type { Kysely } from "kysely";

/** A signed-in customer's cart, kept with the account so it follows them to every device (one row per account). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("carts")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("items_json", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("carts").execute();
}
