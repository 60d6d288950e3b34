import type { DatabaseConnection, Dialect, Driver, QueryCompiler } from "kysely";
import type pg from "pg";
import { asUnavailable, failureName } from "../platform/unavailable";

/**
 * How long a query waits for a pooled connection (a new one to PostgreSQL, or a free one under load) before it
 * fails as `unavailable` (503 with Retry-After) instead of holding the request forever.
 */
export const POOL_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Hooks a pool's and each of its connections' `error` events to one log line. Without a listener, PostgreSQL
 * ending a connection (a restart: 57P01 admin_shutdown) while the connection is idle, or checked out between two
 * queries, is an unhandled `error` event and ends the process. The pool drops the broken connection by itself.
 */
export function handlePoolErrors(pool: pg.Pool, log: (line: string) => void): void {
  pool.on("error", (error) => log(`database connection lost (${failureName(error)}); the pool opens a new one when needed`));
  // A connection checked out between two queries has no pool listener: its error must not end the process either.
  // It is not logged here (an idle one's error also reaches the pool's listener above, which logs it); the next
  // query on it fails as `unavailable` and that request's 503 is logged.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
}

function unavailableConnection(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: async (query) => {
      try {
        return await connection.executeQuery(query);
      } catch (error) {
        throw asUnavailable("database", error);
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * The dialect with every connection-class failure (refused, reset, 57P01, 57P03, class 08, the pool's connect
 * timeout) turned into `DependencyUnavailable("database")`, so a request answers 503 with `Retry-After` and start-up
 * knows to wait. Other errors (a unique violation, a bad query) pass unchanged.
 */
export function unavailableDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
      const guard = async <T,>(work: () => Promise<T>): Promise<T> => {
        try {
          return await work();
        } catch (error) {
          throw asUnavailable("database", error);
        }
      };
      type SavepointStep = (connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) => Promise<void>;
      const withConnection = (step: SavepointStep | undefined): SavepointStep | undefined =>
        step && ((connection, name, compile) => guard(() => step(unwrap(connection), name, compile)));
      return {
        init: () => guard(() => driver.init()),
        async acquireConnection() {
          const connection = await guard(() => driver.acquireConnection());
          let outer = wrapped.get(connection);
          if (!outer) {
            outer = unavailableConnection(connection);
            wrapped.set(connection, outer);
            inner.set(outer, connection);
          }
          return outer;
        },
        beginTransaction: (connection, settings) => guard(() => driver.beginTransaction(unwrap(connection), settings)),
        commitTransaction: (connection) => guard(() => driver.commitTransaction(unwrap(connection))),
        rollbackTransaction: (connection) => guard(() => driver.rollbackTransaction(unwrap(connection))),
        savepoint: withConnection(driver.savepoint?.bind(driver)),
        rollbackToSavepoint: withConnection(driver.rollbackToSavepoint?.bind(driver)),
        releaseSavepoint: withConnection(driver.releaseSavepoint?.bind(driver)),
        releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
        destroy: () => driver.destroy(),
      };
    },
  };
}
