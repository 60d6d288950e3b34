import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Full-text search (issue 26, docs/decisions/0069-full-text-search.md): each module gets a search table of its own,
 * one row per searchable text (an order's number, a brief, a message; a person; a ticket, a ticket message), kept
 * current by the database itself from the module's own tables (triggers), so every write path, seed and data
 * migration is indexed alike:
 *
 * - orders: `order_search` (kind `order`, `brief`, `message`, `note` for internal notes) from orders, order_items
 *   and order_messages;
 * - accounts: `user_search` from users (e-mail, names, company);
 * - support: `ticket_search` (kind `ticket`, `message`) from support_tickets and support_messages.
 *
 * An order's document holds its number and the number's digits without the leading zeros (`SC-000017 17`), so a
 * partial number is a prefix of a word; an e-mail is split at `@ . - _ +` so its domain is a word.
 *
 * PostgreSQL: a GIN index on `to_tsvector('simple', …)` of the document, lower-cased, with those separators and the
 * accents of Latin letters translated away (the parser would keep `ada@halefintech.com` as one word). The queries
 * repeat the same expression (server/db/full-text.ts). SQLite: an FTS5 table over each search table (external
 * content, `unicode61 remove_diacritics 2`), kept by triggers on the search table.
 */

// Kysely<any>: a migration is written against the schema of its day, not the live one (server/db/schema.ts).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** How a base table's row becomes a search row; `r` is the row (`new` in a trigger, an alias in the backfill). */
interface Source {
  table: string;
  /** The columns whose change re-indexes the row (besides the insert). */
  columns: string[];
  owner: (r: string) => string;
  kind: (r: string) => string;
  key: (r: string) => string;
  document: (r: string, postgres: boolean) => string;
}

interface SearchTable {
  name: string;
  /** The owning row's id column and the table it names. */
  owner: { column: string; references: string };
  sources: Source[];
}

const briefText = (r: string, postgres: boolean) =>
  postgres
    ? `coalesce((select string_agg(v #>> '{}', ' ') from jsonb_path_query(${r}.brief_json::jsonb, 'strict $.**') as v where jsonb_typeof(v) in ('string', 'number')), '')`
    : `coalesce(case when json_valid(${r}.brief_json) then (select group_concat(value, ' ') from json_tree(${r}.brief_json) where type in ('text', 'integer', 'real')) end, '')`;

const TABLES: SearchTable[] = [
  {
    name: "order_search",
    owner: { column: "order_id", references: "orders" },
    sources: [
      {
        table: "orders", columns: ["number"], owner: (r) => `${r}.id`, kind: () => "'order'", key: (r) => `${r}.id`,
        document: (r) => `${r}.number || ' ' || ltrim(substr(${r}.number, 4), '0')`,
      },
      {
        table: "order_items", columns: ["brief_json"], owner: (r) => `${r}.order_id`, kind: () => "'brief'",
        key: (r) => `${r}.order_id || ':' || ${r}.position`, document: briefText,
      },
      {
        table: "order_messages", columns: ["body"], owner: (r) => `${r}.order_id`,
        kind: (r) => `case when ${r}.internal = 1 then 'note' else 'message' end`, key: (r) => `${r}.id`, document: (r) => `${r}.body`,
      },
    ],
  },
  {
    name: "user_search",
    owner: { column: "user_id", references: "users" },
    sources: [
      {
        table: "users", columns: ["email", "first_name", "last_name", "company"], owner: (r) => `${r}.id`, kind: () => "'user'", key: (r) => `${r}.id`,
        document: (r) => `${r}.email || ' ' || ${r}.first_name || ' ' || ${r}.last_name || ' ' || ${r}.company`,
      },
    ],
  },
  {
    name: "ticket_search",
    owner: { column: "ticket_id", references: "support_tickets" },
    sources: [
      {
        // The reference people quote (`T-5A8E837D`, server/modules/support/ticket-reference.ts) is a word too.
        table: "support_tickets", columns: ["email", "description"], owner: (r) => `${r}.id`, kind: () => "'ticket'", key: (r) => `${r}.id`,
        document: (r) => `'T-' || upper(substr(replace(${r}.id, '-', ''), 1, 8)) || ' ' || ${r}.email || ' ' || ${r}.description`,
      },
      {
        table: "support_messages", columns: ["body"], owner: (r) => `${r}.ticket_id`, kind: () => "'message'", key: (r) => `${r}.id`,
        document: (r) => `${r}.body`,
      },
    ],
  },
];

/** Separators turned into spaces, then accented Latin letters into plain ones (same lengths: `translate`). */
const FROM = "@.-_+:/áàâäãåéèêëíìîïóòôöõúùûüñçý";
const TO = "       aaaaaaeeeeiiiiooooouuuuncy";
const PG_SEARCH_VECTOR = `to_tsvector('simple', translate(lower(document), '${FROM}', '${TO}'))`;

async function createTable(db: Kysely<any>, table: SearchTable, postgres: boolean): Promise<void> {
  await db.schema
    .createTable(table.name)
    .addColumn("rid", postgres ? "bigserial" : "integer", (c) => c.primaryKey())
    .addColumn(table.owner.column, "text", (c) => c.notNull().references(`${table.owner.references}.id`).onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("document", "text", (c) => c.notNull())
    .addUniqueConstraint(`${table.name}_kind_key`, ["kind", "key"])
    .execute();
  await db.schema.createIndex(`${table.name}_${table.owner.column}`).on(table.name).column(table.owner.column).execute();
  if (postgres) {
    await sql.raw(`create index ${table.name}_document on ${table.name} using gin (${PG_SEARCH_VECTOR})`).execute(db);
    return;
  }
  const fts = `${table.name}_fts`;
  await sql
    .raw(`create virtual table ${fts} using fts5(document, content='${table.name}', content_rowid='rid', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`)
    .execute(db);
  await sql.raw(`create trigger ${table.name}_ai after insert on ${table.name} begin insert into ${fts}(rowid, document) values (new.rid, new.document); end`).execute(db);
  await sql
    .raw(`create trigger ${table.name}_ad after delete on ${table.name} begin insert into ${fts}(${fts}, rowid, document) values ('delete', old.rid, old.document); end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${table.name}_au after update on ${table.name} begin
         insert into ${fts}(${fts}, rowid, document) values ('delete', old.rid, old.document);
         insert into ${fts}(rowid, document) values (new.rid, new.document);
       end`,
    )
    .execute(db);
}

/** The upsert of one base row's search row. */
const upsert = (table: SearchTable, source: Source, r: string, postgres: boolean) =>
  `insert into ${table.name} (${table.owner.column}, kind, key, document)
   values (${source.owner(r)}, ${source.kind(r)}, ${source.key(r)}, coalesce(${source.document(r, postgres)}, ''))
   on conflict (kind, key) do update set document = excluded.document`;

async function createTriggers(db: Kysely<any>, table: SearchTable, source: Source, postgres: boolean): Promise<void> {
  const name = `${source.table}_to_search`;
  if (postgres) {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${upsert(table, source, "new", true)}; return null; end $$`).execute(db);
    await sql
      .raw(`create trigger ${name} after insert or update of ${source.columns.join(", ")} on ${source.table} for each row execute function ${name}()`)
      .execute(db);
    return;
  }
  await sql.raw(`create trigger ${name}_ai after insert on ${source.table} begin ${upsert(table, source, "new", false)}; end`).execute(db);
  await sql.raw(`create trigger ${name}_au after update of ${source.columns.join(", ")} on ${source.table} begin ${upsert(table, source, "new", false)}; end`).execute(db);
}

async function backfill(db: Kysely<any>, table: SearchTable, source: Source, postgres: boolean): Promise<void> {
  // `where true`: SQLite reads `on conflict` after a bare `from` as a join's constraint.
  await sql
    .raw(
      `insert into ${table.name} (${table.owner.column}, kind, key, document)
       select ${source.owner("r")}, ${source.kind("r")}, ${source.key("r")}, coalesce(${source.document("r", postgres)}, '') from ${source.table} r where true
       on conflict (kind, key) do nothing`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const table of TABLES) {
    await createTable(db, table, postgres);
    for (const source of table.sources) {
      await createTriggers(db, table, source, postgres);
      await backfill(db, table, source, postgres);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const table of [...TABLES].reverse()) {
    for (const source of table.sources) {
      const name = `${source.table}_to_search`;
      if (postgres) {
        await sql.raw(`drop trigger ${name} on ${source.table}`).execute(db);
        await sql.raw(`drop function ${name}()`).execute(db);
      } else {
        await sql.raw(`drop trigger ${name}_ai`).execute(db);
        await sql.raw(`drop trigger ${name}_au`).execute(db);
      }
    }
    if (!postgres) await sql.raw(`drop table ${table.name}_fts`).execute(db);
    await db.schema.dropTable(table.name).execute();
  }
}
