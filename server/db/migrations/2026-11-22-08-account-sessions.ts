import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("remember_me", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").columns(["user_id", "expires_at"]).execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("replaced_by", "text")
    .execute();
  await db.schema.createIndex("refresh_tokens_session").on("refresh_tokens").column("session_id").execute();

  await db.schema
    .createTable("password_reset_codes")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_reset_codes").execute();
  await db.schema.dropTable("refresh_tokens").execute();
  await db.schema.dropTable("sessions").execute();
}
