import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";

/**
 * The first statement of a customer's write transaction (an order, a deposit, a message): the user's row locked
 * until commit, or 401 (the sign-in has ended) when the account is closed. Closing takes the same lock first,
 * in the transaction that looks for open orders and erases, so a write either commits before the close looks for open orders, or waits for the close to
 * commit and is refused: nothing the customer starts can land after the erasure. PostgreSQL: the conditional
 * UPDATE waits for the other holder and re-reads `closed_at` once it commits; SQLite: every write transaction
 * already holds the whole database (BEGIN IMMEDIATE).
 */
export async function lockOpenAccount(trx: Kysely<Database>, userId: string): Promise<void> {
  const locked = await trx
    .updateTable("users")
    .set((eb) => ({ id: eb.ref("id") }))
    .where("id", "=", userId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (locked.numUpdatedRows === 0n) throw DomainError.unauthenticated({ key: "accounts.sessionEnded" });
}
