import { AsyncLocalStorage } from "node:async_hooks";
import type { Dialect, Kysely } from "kysely";

/** Set while `transaction().execute(fn)` runs; `begun` once the transaction holds its connection. */
const transactionScope = new AsyncLocalStorage<{ begun: boolean }>();

export class OuterDatabaseInTransactionError extends Error {
  constructor() {
    super(
      "A query on the outer database ran inside transaction(fn): use the transaction given to fn. " +
        "On SQLite it would wait for the transaction's own connection forever.",
    );
  }
}

/**
 * Tests' guard (both dialects): a query made on the outer database while `transaction(fn)` runs fails at once.
 * On SQLite such a call waits for the one connection the transaction holds, a deadlock PostgreSQL's pool hides.
 * The dialect part refuses a new connection inside a begun transaction; `guardTransactions` marks the scope.
 */
export function guardDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver() {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      const begin = driver.beginTransaction.bind(driver);
      driver.acquireConnection = () => {
        if (transactionScope.getStore()?.begun) return Promise.reject(new OuterDatabaseInTransactionError());
        return acquire();
      };
      driver.beginTransaction = async (connection, settings) => {
        await begin(connection, settings);
        const scope = transactionScope.getStore();
        if (scope) scope.begun = true;
      };
      return driver;
    },
  };
}

/** Runs every `transaction().execute(fn)` of `kysely` in a scope the guarded driver can see. */
export function guardTransactions<DB>(kysely: Kysely<DB>): Kysely<DB> {
  const transaction = kysely.transaction.bind(kysely);
  kysely.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = (fn) => {
      if (transactionScope.getStore()?.begun) return Promise.reject(new OuterDatabaseInTransactionError());
      return transactionScope.run({ begun: false }, () => execute(fn));
    };
    return builder;
  };
  return kysely;
}
