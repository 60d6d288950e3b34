import { sql, type Kysely } from "kysely";

/**
 * The back office's support inbox and customer tools (issue 14):
 * - a ticket gets a state (open or closed), an assignee and a thread of messages between the requester and staff;
 * - a staff reply hands the requester a private link: only its SHA-256 is kept, with its expiry;
 * - a customer can be blocked (`users.blocked_at`);
 * - a balance adjustment keeps its reason and author; its ledger row (kind `adjustment`) points at it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("support_tickets")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .execute();
  await db.schema.alterTable("support_tickets").addColumn("assigned_to", "text", (c) => c.references("users.id")).execute();
  await db.schema.alterTable("support_tickets").addColumn("closed_at", "text").execute();
  await db.schema.alterTable("support_tickets").addColumn("updated_at", "text").execute();
  await db.updateTable("support_tickets").set({ updated_at: sql`created_at` }).execute();
  await db.schema.createIndex("support_tickets_status").on("support_tickets").columns(["status", "updated_at"]).execute();
  await db.schema.createIndex("support_tickets_email").on("support_tickets").column("email").execute();

  await db.schema
    .createTable("support_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("ticket_id", "text", (c) => c.notNull().references("support_tickets.id"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("staff_id", "text", (c) => c.references("users.id"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("support_messages_author", sql`author in ('requester', 'staff')`)
    .execute();
  await db.schema.createIndex("support_messages_ticket").on("support_messages").columns(["ticket_id", "created_at"]).execute();

  await db.schema
    .createTable("support_ticket_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("ticket_id", "text", (c) => c.notNull().references("support_tickets.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("support_ticket_links_ticket").on("support_ticket_links").column("ticket_id").execute();

  await db.schema.alterTable("users").addColumn("blocked_at", "text").execute();

  await db.schema
    .createTable("balance_adjustments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("staff_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("balance_adjustments_amount_not_zero", sql`amount <> 0`)
    .execute();
  await db.schema.createIndex("balance_adjustments_user").on("balance_adjustments").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("balance_adjustments").execute();
  await db.schema.alterTable("users").dropColumn("blocked_at").execute();
  await db.schema.dropTable("support_ticket_links").execute();
  await db.schema.dropTable("support_messages").execute();
  await db.schema.dropIndex("support_tickets_email").execute();
  await db.schema.dropIndex("support_tickets_status").execute();
  for (const column of ["updated_at", "closed_at", "assigned_to", "status"]) {
    await db.schema.alterTable("support_tickets").dropColumn(column).execute();
  }
}
