import type { Kysely } from "kysely";
import type { BillingDetails } from "../../../contract/accounts";
import { isPostgres } from "../../db/row-lock";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";

/** Billing details an order was sent with, remembered (to prefill the next one) in the transaction that locks the account. */
export interface RememberedBilling {
  billing: BillingDetails;
  at: string;
}

/** The name and own address of the account a write transaction holds, as the lock read them. */
export interface AccountHeld {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The first statement of a customer's write transaction (an order, a deposit, a message): the user's row locked
 * until commit, or 401 (the sign-in has ended) when the account is closed. Closing takes the same lock first,
 * in the transaction that looks for open orders and erases, so a write either commits before the close looks for open orders, or waits for the close to
 * commit and is refused: nothing the customer starts can land after the erasure. PostgreSQL: the conditional
 * UPDATE waits for the other holder and re-reads `closed_at` once it commits. SQLite: every write transaction
 * already holds the whole database (BEGIN IMMEDIATE), so reading `closed_at` is enough; an UPDATE of `id` there made
 * SQLite check every table referring to users (some ~35, several by a full scan): ~150 us per order placed with
 * a thousand orders stored, growing with the store's messages and tickets (issue 27).
 */
export async function lockOpenAccount(trx: Kysely<Database>, userId: string, remember?: RememberedBilling): Promise<AccountHeld> {
  // The account's name and address come back with the lock (one round trip): read while the row is held, a change waits for it.
  // Billing details to remember are written by the same statement on PostgreSQL (one round trip fewer per order).
  const billing = remember ? { billing_json: JSON.stringify(remember.billing), updated_at: remember.at } : undefined;
  if (isPostgres(trx)) {
    const held = await trx
      .updateTable("users")
      .set((eb) => billing ?? { id: eb.ref("id") })
      .where("id", "=", userId)
      .where("closed_at", "is", null)
      .returning(["first_name", "last_name", "email"])
      .executeTakeFirst();
    if (!held) throw DomainError.unauthenticated({ key: "accounts.sessionEnded" });
    return held;
  }
  const held = await trx.selectFrom("users").select(["first_name", "last_name", "email"]).where("id", "=", userId).where("closed_at", "is", null).executeTakeFirst();
  if (!held) throw DomainError.unauthenticated({ key: "accounts.sessionEnded" });
  if (billing) await trx.updateTable("users").set(billing).where("id", "=", userId).execute();
  return held;
}
