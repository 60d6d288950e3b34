import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("seq", "integer", (c) => c.notNull().unique())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("billing_json", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("result_key", "text")
    .addColumn("result_file_name", "text")
    .addColumn("result_content_type", "text")
    .addColumn("result_size", "bigint")
    .addColumn("result_sha256", "text")
    .addColumn("delivered_at", "text")
    .addCheckConstraint("orders_status", sql`status in ('paid', 'in_progress', 'delivered', 'cancelled')`)
    .addCheckConstraint("orders_total_positive", sql`total > 0`)
    .execute();
  await db.schema.createIndex("orders_user_seq").on("orders").columns(["user_id", "seq"]).execute();
  await db.schema
    .createTable("order_items")
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("brief_json", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_items_pk", ["order_id", "position"])
    .execute();
  await db.schema
    .createTable("order_counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("order_counters").values({ name: "orders", value: 0 }).execute();
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("response_json", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
  await db.schema.dropTable("order_counters").execute();
  await db.schema.dropTable("order_items").execute();
  await db.schema.dropTable("orders").execute();
}
