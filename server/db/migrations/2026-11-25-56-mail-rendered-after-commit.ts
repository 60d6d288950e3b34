import type { Kysely } from "kysely";

/**
 * Mail stored inside a transaction keeps what to render (template, data, language, documents to attach) rather than
 * its HTML and PDFs, and is rendered after the commit by the job that sends it or on first read (issues 23, 27,
 * docs/decisions/0056). Rows stored before this are rendered already: null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_messages").addColumn("pending_json", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_messages").dropColumn("pending_json").execute();
}
