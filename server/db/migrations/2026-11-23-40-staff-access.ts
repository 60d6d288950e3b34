import type { Kysely } from "kysely";

/**
 * Staff access (LIFECYCLE.md, docs/decisions/0030-staff-totp-and-recovery-codes.md):
 * - `staff_accounts`: per staff user, the TOTP secret (pending until a first code confirms it), the last time step a
 *   code was accepted at (a code is refused a second time), and when the account was deactivated. A staff user
 *   without a row has not enrolled yet and is active.
 * - `staff_recovery_codes`: ten single-use codes per enrolment, kept only as an HMAC under the server key.
 * - `staff_invitations`: an admin's invitation by email with a role; the link's token is kept as its SHA-256, the
 *   link works once and until `expires_at` (48 h).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_accounts")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("totp_secret", "text")
    .addColumn("totp_pending_secret", "text")
    .addColumn("totp_enrolled_at", "text")
    .addColumn("totp_last_step", "integer")
    .addColumn("deactivated_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addPrimaryKeyConstraint("staff_recovery_codes_pk", ["user_id", "code_hash"])
    .execute();
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("invited_by", "text", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("accepted_by", "text", (c) => c.references("users.id"))
    .execute();
  await db.schema.createIndex("staff_invitations_email").on("staff_invitations").columns(["email", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_invitations").execute();
  await db.schema.dropTable("staff_recovery_codes").execute();
  await db.schema.dropTable("staff_accounts").execute();
}
