import type { SqliteDatabase, SqliteStatement } from "kysely";
import type SQLite from "better-sqlite3";

/** Statements kept prepared: the store issues a few hundred distinct SQL texts; the rest are compiled again on use. */
const DEFAULT_SIZE = 500;

/**
 * The SQLite database as Kysely's dialect sees it, with every statement prepared once and reused: Kysely prepares
 * each query anew, and compiling the SQL was a quarter of the CPU of placing an order (issue 27). Up to `size`
 * statements are kept; past that the one prepared first is dropped (the store's few hundred texts fit, so that is a
 * guard against unbounded growth, not a working set). A hit is one lookup: keeping the most recently used order
 * cost a delete and an insert of the SQL text per query, 5 % of the main thread while placing orders. Safe because
 * Kysely runs one query at a time on the connection; SQLite itself recompiles a kept statement when the schema
 * changes (a migration).
 */
export function cachingStatements(database: SQLite.Database, size = DEFAULT_SIZE): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => void database.close(),
    prepare(sql: string) {
      const known = kept.get(sql);
      // A statement still being iterated (a streamed query) cannot run again meanwhile: that use gets its own.
      if (known) return (known as SQLite.Statement).busy ? database.prepare(sql) : known;
      const statement = database.prepare(sql);
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
      kept.set(sql, statement);
      return statement;
    },
  };
}
