import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A ticket's subject (2026-11-28-40-help-desk) is searched too: the support_tickets trigger of
 * 2026-11-28-20-full-text-search is re-created with the subject in the ticket's document and re-run on a change of
 * it, and the existing tickets' search rows are rewritten.
 */

// Kysely<any>: a migration is written against the schema of its day, not the live one (server/db/schema.ts).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const document = (r: string, subject: boolean) =>
  `'T-' || upper(substr(replace(${r}.id, '-', ''), 1, 8)) || ' ' || ${subject ? `${r}.subject || ' ' || ` : ""}${r}.email || ' ' || ${r}.description`;

const upsert = (r: string, subject: boolean) =>
  `insert into ticket_search (ticket_id, kind, key, document)
   values (${r}.id, 'ticket', ${r}.id, coalesce(${document(r, subject)}, ''))
   on conflict (kind, key) do update set document = excluded.document`;

async function recreate(db: Kysely<any>, subject: boolean): Promise<void> {
  const columns = subject ? "email, description, subject" : "email, description";
  if (isPostgres(db)) {
    await sql.raw("drop trigger support_tickets_to_search on support_tickets").execute(db);
    await sql.raw(`create or replace function support_tickets_to_search() returns trigger language plpgsql as $$ begin ${upsert("new", subject)}; return null; end $$`).execute(db);
    await sql.raw(`create trigger support_tickets_to_search after insert or update of ${columns} on support_tickets for each row execute function support_tickets_to_search()`).execute(db);
  } else {
    await sql.raw("drop trigger support_tickets_to_search_ai").execute(db);
    await sql.raw("drop trigger support_tickets_to_search_au").execute(db);
    await sql.raw(`create trigger support_tickets_to_search_ai after insert on support_tickets begin ${upsert("new", subject)}; end`).execute(db);
    await sql.raw(`create trigger support_tickets_to_search_au after update of ${columns} on support_tickets begin ${upsert("new", subject)}; end`).execute(db);
  }
  // `where true`: SQLite reads `on conflict` after a bare `from` as a join's constraint.
  await sql
    .raw(
      `insert into ticket_search (ticket_id, kind, key, document)
       select r.id, 'ticket', r.id, coalesce(${document("r", subject)}, '') from support_tickets r where true
       on conflict (kind, key) do update set document = excluded.document`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await recreate(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await recreate(db, false);
}
