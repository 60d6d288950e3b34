import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/** Opens one database transaction; every module uses this one (ARCHITECTURE.md: the opener lives in the platform tier). */
export type TransactionOpener = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

/**
 * Runs `fn` in one database transaction. Inside `fn` use only the given `trx`: on SQLite the one connection is held
 * by the transaction, and a query on the outer database would wait for it forever (tests' databases refuse such a
 * query at once: server/db/outer-database-guard.ts). SQLite: transactions of this process run one after another.
 * PostgreSQL (READ COMMITTED): a conditional UPDATE waits for a concurrent writer of the same row and re-checks.
 * A service of another module joins the caller's transaction by taking its `trx` as an optional last argument.
 */
export function createTransactionOpener(db: Kysely<Database>): TransactionOpener {
  return (fn) => db.transaction().execute(fn);
}
