import type { TestStore } from "./test-store";

/** The audit rows about one subject, oldest first, with before and after parsed. */
export async function auditRows(store: Pick<TestStore, "db">, subjectId: string) {
  const rows = await store.db.kysely.selectFrom("audit_log").selectAll().where("subject_id", "=", subjectId).orderBy("at").orderBy("id").execute();
  return rows.map((row) => ({
    action: row.action,
    actorId: row.actor_id,
    actorRole: row.actor_role,
    ip: row.ip,
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
  }));
}
