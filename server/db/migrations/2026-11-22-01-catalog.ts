import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("product_prices")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_prices_pk", ["product_id", "currency"])
    .execute();
  await db.schema
    .createTable("bundle_items")
    .addColumn("bundle_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("service_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("bundle_items_pk", ["bundle_id", "service_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bundle_items").execute();
  await db.schema.dropTable("product_prices").execute();
  await db.schema.dropTable("products").execute();
}
