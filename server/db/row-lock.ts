import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "./schema";

export const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Tables whose rows a write transaction holds first, so two transactions on one row never interleave. */
type HeldTable = "orders" | "products" | "support_tickets" | "users";

/**
 * Holds `table`'s row `id` until the transaction ends and says whether it exists. PostgreSQL: a no-op UPDATE locks
 * the row (a second holder waits for the commit). SQLite: every write transaction already holds the whole database
 * (BEGIN IMMEDIATE, server/db/immediate-sqlite-dialect.ts), so a read is enough; an UPDATE of `id` there made SQLite
 * check every table that refers to the row, several by a full scan, on each order placed or moved (issue 27).
 */
export async function holdRow(trx: Kysely<Database>, table: HeldTable, id: string): Promise<boolean> {
  if (isPostgres(trx)) {
    const result = await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(trx);
    return (result.numAffectedRows ?? 0n) > 0n;
  }
  const result = await sql`select 1 from ${sql.table(table)} where id = ${id}`.execute(trx);
  return result.rows.length > 0;
}
