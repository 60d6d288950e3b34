import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The audit log keeps which message and how long, never its words (security review, issue 21): a staff question
 * (`order.ask`), a staff cancellation's reason (`order.cancel`) and a ticket reply (`ticket.reply`) were stored whole,
 * so closing an account, which erases the words everywhere else, left them here for good. Existing rows get the
 * character count in place of the text (`question` → `questionChars`, `reason` → `reasonChars`, `body` →
 * `bodyChars`). The log is append-only (2026-11-23-40-audit-log.ts): the guard against updates is lifted for this
 * one rewrite and put back as it was.
 */
const TEXTS = new Map([
  ["order.ask", "question"],
  ["order.cancel", "reason"],
  ["ticket.reply", "body"],
]);
const PAGE = 500;

/** The row's `after` with the text replaced by its length; null when there is nothing to strip. */
function withoutText(afterJson: string | null, key: string): string | null {
  if (afterJson === null) return null;
  const after = JSON.parse(afterJson) as Record<string, unknown>;
  const text = after[key];
  if (typeof text !== "string") return null;
  const stripped = Object.fromEntries(Object.entries(after).map(([name, value]) => (name === key ? [`${key}Chars`, text.length] : [name, value])));
  return JSON.stringify(stripped);
}

async function strip(db: Kysely<any>): Promise<void> {
  let after = "";
  for (;;) {
    const rows: Array<{ id: string; action: string; after_json: string | null }> = await db
      .selectFrom("audit_log")
      .select(["id", "action", "after_json"])
      .where("action", "in", [...TEXTS.keys()])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const key = TEXTS.get(row.action);
      const stripped = key === undefined ? null : withoutText(row.after_json, key);
      if (stripped !== null) await db.updateTable("audit_log").set({ after_json: stripped }).where("id", "=", row.id).execute();
    }
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return;
    after = last.id;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    await strip(db);
    await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
    return;
  }
  // SQLite runs a migration outside a transaction: a rewrite stopped half-way is simply run again.
  await sql`drop trigger if exists audit_log_no_update`.execute(db);
  await strip(db);
  await sql`create trigger audit_log_no_update before update on audit_log
    begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
}

/** The words are gone: nothing to bring back. */
export async function down(): Promise<void> {}
