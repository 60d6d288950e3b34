import { SqliteDialect, type Dialect, type SqliteDialectConfig } from "kysely";
import { type GroupCommitOptions, groupCommits } from "./sqlite-group-commit";

/**
 * Kysely's SQLite dialect with every transaction started by BEGIN IMMEDIATE: the write lock is taken at the start,
 * so a transaction that reads, then writes (the wallet's check-then-debit) never meets SQLITE_BUSY half-way, and
 * two processes on one file (the server and scripts/deliver-result.ts) wait for each other instead of failing.
 * Transactions that run in the same turn of the event loop share one commit (sqlite-group-commit.ts).
 */
export function immediateSqliteDialect(config: SqliteDialectConfig & GroupCommitOptions): Dialect {
  const base = new SqliteDialect(config);
  return {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver() {
      const driver = base.createDriver();
      // The one connection is handed to its waiters in the order they asked (fifoTurns).
      groupCommits(driver, fifoTurns(), config);
      return driver;
    },
  };
}

/**
 * Turns at the one connection, strictly in the order they were asked for. Kysely's own mutex wakes every waiter at
 * each release and lets whoever runs first take it, a request already under way included, so under a burst some
 * requests waited seconds while others passed them many times (issue 27: wrk's p99 of 2–6 s against an event loop
 * never held up for more than 0.9 s). Here a release hands the connection to the longest waiter directly.
 */
export function fifoTurns(): { take(): Promise<void>; pass(): void } {
  let held = false;
  const waiting: Array<() => void> = [];
  return {
    take() {
      if (!held) {
        held = true;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    pass() {
      const next = waiting.shift();
      if (next) next();
      else held = false;
    },
  };
}
