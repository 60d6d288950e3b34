import type { Kysely } from "kysely";

/** Secrets a queued mail carries (a reset code), blanked out of the stored copy once it is delivered. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_messages").addColumn("secrets", "text").execute();
  await db.schema.createIndex("mail_messages_created").on("mail_messages").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_messages_created").execute();
  await db.schema.alterTable("mail_messages").dropColumn("secrets").execute();
}
