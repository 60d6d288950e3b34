import type { Kysely } from "kysely";

/**
 * Options per service (issue 28, docs/decisions/0077-service-options.md): each service's options with a price per
 * currency (owned by the catalog module), the options a deliverable was bought with (their ids, kinds and prices at
 * placing time), and the rush deliveries booked per due day against the daily rush capacity (owned by the orders
 * module). Existing deliverables have no options.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_options")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("turnaround_days", "integer")
    .addPrimaryKeyConstraint("product_options_pk", ["product_id", "id"])
    .execute();
  await db.schema
    .createTable("product_option_prices")
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("option_id", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_option_prices_pk", ["product_id", "option_id", "currency"])
    .addForeignKeyConstraint(
      "product_option_prices_option_fk",
      ["product_id", "option_id"],
      "product_options",
      ["product_id", "id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .alterTable("deliverables")
    .addColumn("options_json", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .createTable("rush_bookings")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("booked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rush_bookings").execute();
  await db.schema.alterTable("deliverables").dropColumn("options_json").execute();
  await db.schema.dropTable("product_option_prices").execute();
  await db.schema.dropTable("product_options").execute();
}
