import type { Kysely } from "kysely";

/**
 * The name a member of staff is shown to buyers by (issue 28: never their e-mail or full name), owned by the staff
 * module; null until an admin sets one (buyers then read the first name and the last name's initial).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_accounts").addColumn("display_name", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_accounts").dropColumn("display_name").execute();
}
