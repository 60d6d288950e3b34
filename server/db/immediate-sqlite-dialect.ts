import { CompiledQuery, SqliteDialect, type Dialect, type SqliteDialectConfig } from "kysely";

/**
 * Kysely's SQLite dialect with every transaction started by BEGIN IMMEDIATE: the write lock is taken at the start,
 * so a transaction that reads, then writes (the wallet's check-then-debit) never meets SQLITE_BUSY half-way, and
 * two processes on one file (the server and scripts/deliver-result.ts) wait for each other instead of failing.
 */
export function immediateSqliteDialect(config: SqliteDialectConfig): Dialect {
  const base = new SqliteDialect(config);
  return {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver() {
      const driver = base.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      };
      return driver;
    },
  };
}
