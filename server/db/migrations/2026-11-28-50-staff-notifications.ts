import type { Kysely } from "kysely";

/**
 * The back office's notification centre and mail digest (issue 26, point 11; docs/decisions/0071-staff-notifications.md),
 * owned by the notifications module: one row per person told, written in the transaction of the fact that causes it;
 * each person's choices; and the digests sent (one per person and period).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("recipient_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("order_id", "text")
    .addColumn("order_number", "text")
    .addColumn("deliverable_n", "integer")
    .addColumn("product_id", "text")
    .addColumn("ticket_id", "text")
    .addColumn("ticket_reference", "text")
    .addColumn("once_key", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addColumn("digested_at", "text")
    .execute();
  await db.schema.createIndex("staff_notifications_recipient").on("staff_notifications").columns(["recipient_id", "created_at"]).execute();
  // "Once per deliverable" (work at risk): a second notice with the same key for the same person adds nothing.
  await db.schema.createIndex("staff_notifications_once").unique().on("staff_notifications").columns(["recipient_id", "once_key"]).execute();
  await db.schema
    .createTable("notification_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("kinds_json", "text", (c) => c.notNull())
    .addColumn("frequency", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("notification_digests")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_digests_pk", ["user_id", "period"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notification_digests").execute();
  await db.schema.dropTable("notification_settings").execute();
  await db.schema.dropTable("staff_notifications").execute();
}
