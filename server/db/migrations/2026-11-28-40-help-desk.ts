import { sql, type Kysely } from "kysely";

/**
 * A help desk rather than an inbox (issue 26, point 10):
 * - a ticket has a subject (asked on the contact form; empty for older tickets, whose first line stands in) and the
 *   moment staff first answered it (backfilled from the first staff message), which the first-response timer reads;
 * - saved replies, each with a title and body in English and in Spanish;
 * - internal notes on a ticket, staff only, kept apart from the thread so nothing can mail or show them to the requester;
 * - tags on a ticket (lower-case words), which the inbox filters by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("support_tickets").addColumn("subject", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("support_tickets").addColumn("first_response_at", "text").execute();
  await db
    .updateTable("support_tickets")
    .set({
      first_response_at: sql`(select min(m.created_at) from support_messages m where m.ticket_id = support_tickets.id and m.author = 'staff')`,
    })
    .execute();

  await db.schema
    .createTable("support_saved_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("title_es", "text", (c) => c.notNull())
    .addColumn("body_es", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("support_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("ticket_id", "text", (c) => c.notNull().references("support_tickets.id"))
    .addColumn("staff_id", "text", (c) => c.references("users.id"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("support_notes_ticket").on("support_notes").columns(["ticket_id", "created_at"]).execute();

  await db.schema
    .createTable("support_ticket_tags")
    .addColumn("ticket_id", "text", (c) => c.notNull().references("support_tickets.id"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("support_ticket_tags_pk", ["ticket_id", "tag"])
    .execute();
  await db.schema.createIndex("support_ticket_tags_tag").on("support_ticket_tags").columns(["tag", "ticket_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("support_ticket_tags").execute();
  await db.schema.dropTable("support_notes").execute();
  await db.schema.dropTable("support_saved_replies").execute();
  await db.schema.alterTable("support_tickets").dropColumn("first_response_at").execute();
  await db.schema.alterTable("support_tickets").dropColumn("subject").execute();
}
