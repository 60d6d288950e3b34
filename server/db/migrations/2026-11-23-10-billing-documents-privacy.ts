import { sql, type Kysely } from "kysely";

/**
 * Paperwork and privacy: remembered billing details and account closing on users, attachments on stored mail,
 * issued documents (receipts, invoices, credit notes) with a counter per series so numbers have no gaps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("billing_json", "text").execute();
  await db.schema.alterTable("users").addColumn("closed_at", "text").execute();
  await db.schema.alterTable("mail_messages").addColumn("attachments_json", "text").execute();
  await db.schema
    .createTable("document_series")
    .addColumn("series", "text", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("data_json", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addUniqueConstraint("documents_series_seq", ["series", "seq"])
    .addUniqueConstraint("documents_kind_source", ["kind", "source_id"])
    .addCheckConstraint("documents_kind", sql`kind in ('receipt', 'invoice', 'credit_note')`)
    .execute();
  await db.schema.createIndex("documents_user").on("documents").columns(["user_id", "issued_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("documents").execute();
  await db.schema.dropTable("document_series").execute();
  await db.schema.alterTable("mail_messages").dropColumn("attachments_json").execute();
  await db.schema.alterTable("users").dropColumn("closed_at").execute();
  await db.schema.alterTable("users").dropColumn("billing_json").execute();
}
