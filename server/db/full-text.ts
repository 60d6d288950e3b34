import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";

/**
 * Full-text search over a module's search table (docs/decisions/0069-full-text-search.md; the tables, indexes and
 * triggers: server/db/migrations/2026-11-28-20-full-text-search.ts). A search is its words, each a prefix, all
 * required: `halefintech` finds `ada@halefintech.com`, `17` finds `SC-000017`, `SC-17` too.
 */

/** At most this many words of a search count (the rest are ignored), each at most this long. */
const MAX_WORDS = 8;
const MAX_WORD = 64;

/** Separators turned into spaces, then accented Latin letters into plain ones: the PostgreSQL index's expression. */
const FROM = "@.-_+:/áàâäãåéèêëíìîïóòôöõúùûüñçý";
const TO = "       aaaaaaeeeeiiiiooooouuuuncy";

/** The words of a search: lower case, without accents, split at anything but letters and digits. */
export function searchWords(text: string): string[] {
  const words = text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD));
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The condition "this row of `table` (a search table) holds every word", for a query on `table`: the GIN index of
 * its document on PostgreSQL (the same expression as the index), its FTS5 table on SQLite. `words` must not be empty.
 */
export function matchesWords<DB>(db: Kysely<DB>, table: "order_search" | "user_search" | "ticket_search", words: string[]): RawBuilder<SqlBool> {
  // Words are letters and digits only (searchWords), so they are safe inside both query languages.
  if (isPostgres(db as Kysely<unknown>)) {
    const query = words.map((word) => `${word}:*`).join(" & ");
    return sql<SqlBool>`to_tsvector('simple', translate(lower(${sql.ref(`${table}.document`)}), ${sql.lit(FROM)}, ${sql.lit(TO)})) @@ to_tsquery('simple', ${query})`;
  }
  const query = words.map((word) => `"${word}"*`).join(" ");
  return sql<SqlBool>`${sql.ref(`${table}.rid`)} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${query})`;
}
