import type { SqliteDatabase, SqliteStatement } from "kysely";
import type SQLite from "better-sqlite3";

/** Statements kept prepared: the store issues a few hundred distinct SQL texts; the rest are compiled again on use. */
const DEFAULT_SIZE = 500;

/**
 * The SQLite database as Kysely's dialect sees it, with every statement prepared once and reused: Kysely prepares
 * each query anew, and compiling the SQL was a quarter of the CPU of placing an order (issue 27). The most recently
 * used `size` statements are kept. Safe because Kysely runs one query at a time on the connection; SQLite itself
 * recompiles a kept statement when the schema changes (a migration).
 */
export function cachingStatements(database: SQLite.Database, size = DEFAULT_SIZE): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => void database.close(),
    prepare(sql: string) {
      const known = kept.get(sql);
      // A statement still being iterated (a streamed query) cannot run again meanwhile: that use gets its own.
      if (known && (known as SQLite.Statement).busy) return database.prepare(sql);
      if (known) {
        // Most recently used last: the first key is the one to drop.
        kept.delete(sql);
        kept.set(sql, known);
        return known;
      }
      const statement = database.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}
