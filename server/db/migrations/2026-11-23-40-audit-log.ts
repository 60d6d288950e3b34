import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The staff audit log of LIFECYCLE.md: one row per staff action (who, with which role, when, from which address,
 * what, on which subject, before and after as JSON, an optional note). Append-only: the code never updates or
 * deletes a row (server/modules/audit/audit.repository.ts has no such method), and the database refuses both with a
 * trigger, so a stray query or a hand-typed statement cannot rewrite history either. Read newest first with keyset pages
 * on (at, id), overall and per actor, action or subject.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
  await db.schema.createIndex("audit_log_subject").on("audit_log").columns(["subject_type", "subject_id", "at", "id"]).execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "at", "id"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "at", "id"]).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    for (const event of ["update", "delete"]) {
      await sql`create trigger ${sql.raw(`audit_log_no_${event}`)} before ${sql.raw(event)} on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function if exists audit_log_append_only()`.execute(db);
}
