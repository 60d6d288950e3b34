import type { Kysely } from "kysely";

/**
 * Issue 28, promotion codes (docs/decisions/0075-promotion-codes.md):
 * - `promotion_codes`: a code and its rules (percent, or fixed amounts per currency as JSON in minor units; the products
 *   it is for; dates; once per customer; first order only; a minimum cart per currency; a cap on uses) and `uses`, the
 *   count a placing raises with a conditional update, so the cap holds under parallel checkouts.
 * - `promotion_redemptions`: one row per order placed with a code: who, the discount and what was paid.
 * - `orders.discount` and `orders.promo_code`: what the order's code took off (the order's own facts, shown on it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("promotion_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("percent", "integer")
    .addColumn("amounts_json", "text")
    .addColumn("product_ids_json", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("once_per_customer", "integer", (c) => c.notNull())
    .addColumn("first_order_only", "integer", (c) => c.notNull())
    .addColumn("minimum_json", "text", (c) => c.notNull())
    .addColumn("max_uses", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("promotion_redemptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code_id", "text", (c) => c.notNull().references("promotion_codes.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull().unique())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull())
    .addColumn("paid", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("promotion_redemptions_code_user").on("promotion_redemptions").columns(["code_id", "user_id"]).execute();
  await db.schema.alterTable("orders").addColumn("discount", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("orders").addColumn("promo_code", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("promo_code").execute();
  await db.schema.alterTable("orders").dropColumn("discount").execute();
  await db.schema.dropTable("promotion_redemptions").execute();
  await db.schema.dropTable("promotion_codes").execute();
}
