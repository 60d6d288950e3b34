import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, type Dialect as KyselyDialect } from "kysely";
import type pg from "pg";
import { immediateSqliteDialect } from "./immediate-sqlite-dialect";
import { cachingStatements } from "./sqlite-statement-cache";
import { BACKSTOP_PAGES, JOURNAL_SIZE_LIMIT, startCheckpointer, type Checkpointer } from "./sqlite-checkpointer";
import { guardDialect, guardTransactions } from "./outer-database-guard";
import { handlePoolErrors, POOL_CONNECT_TIMEOUT_MS, unavailableDialect } from "./postgres-pool";
import { preparingClient } from "./postgres-statement-cache";
import type { Database } from "./schema";
import { loadOnFirstUse } from "../platform/load-on-first-use";
import { ensurePrivateDir, ensurePrivateFile } from "../platform/private-files";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not `public` (each test store has its own). */
  pgSchema?: string;
  /** SQLite with `checkpointer`: the thread that checkpoints its WAL. */
  checkpointer?: Checkpointer;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise SQLite in `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to use instead of `public` (tests get a fresh one each). */
  pgSchema?: string;
  pgPoolSize?: number;
  /** Tests: fail any query on the outer database made inside `transaction(fn)` (outer-database-guard.ts). */
  guardOuterDatabase?: boolean;
  /** SQLite file: WAL checkpoints taken by a thread of their own once it writes, off the committing requests (sqlite-checkpointer.ts). */
  checkpointer?: boolean;
  /** Where a lost PostgreSQL connection is told (one line each); stderr when left out. */
  log?: (line: string) => void;
}

/** The PostgreSQL client, loaded with the first PostgreSQL database (a store on SQLite never loads it). */
function postgresClient(): typeof pg {
  const client = loadOnFirstUse("pg") as typeof pg;
  // PostgreSQL returns int8 (COUNT, SUM) as strings; our sums stay far below 2^53.
  client.types.setTypeParser(20, (value: string) => Number(value));
  client.types.setTypeParser(1700, (value: string) => Number(value));
  return client;
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const client = postgresClient();
    const pool = new client.Pool({
      Client: preparingClient(client),
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // A PostgreSQL restart must never end the process: connection errors are logged, queries answer `unavailable`.
    handlePoolErrors(pool, options.log ?? ((line) => console.warn(line)));
    const kysely = createKysely(unavailableDialect(new PostgresDialect({ pool })), options);
    return { ...withCommon(kysely, "postgres"), pgSchema: options.pgSchema };
  }
  const file = options.sqliteFile ?? ":memory:";
  if (file !== ":memory:") {
    ensurePrivateDir(path.dirname(file));
    ensurePrivateFile(file, [`${file}-wal`, `${file}-shm`, `${file}-journal`]);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // A savepoint copies every page it changes to a sub-journal: in memory, not a temporary file written page by page
  // (each transaction of a group commit is a savepoint: 1.9-2.9 ms of the main thread per order in that file, 1.33
  // in memory, decision 0091). Sorts and temporary tables live in memory too.
  sqlite.pragma("temp_store = MEMORY");
  const statements = cachingStatements(sqlite);
  const dialect = immediateSqliteDialect({
    database: statements,
    inTransaction: () => sqlite.inTransaction,
    readOnly: (text) => (statements.prepare(text) as unknown as SQLite.Statement).readonly,
  });
  const kysely = createKysely(dialect, options);
  if (!options.checkpointer || file === ":memory:") return withCommon(kysely, "sqlite");
  sqlite.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  // SQLite's own checkpoints until the thread runs (the WAL has grown), then only as a backstop.
  const checkpointer = startCheckpointer(file, { onStart: () => sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`) });
  const common = withCommon(kysely, "sqlite");
  return {
    ...common,
    checkpointer,
    async close() {
      await checkpointer.close();
      await common.close();
    },
  };
}

function createKysely(dialect: KyselyDialect, options: DatabaseOptions): Kysely<Database> {
  if (!options.guardOuterDatabase) return new Kysely<Database>({ dialect });
  return guardTransactions(new Kysely<Database>({ dialect: guardDialect(dialect) }));
}

function withCommon(kysely: Kysely<Database>, dialect: Dialect): Db {
  return {
    kysely,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    close: () => kysely.destroy(),
  };
}
