import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { LedgerKind } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { type Clock, systemClock } from "../../platform/clock";
import type { LedgerEntry, Movement } from "./wallet-movements";

/**
 * The ledger: every movement of a balance, dated by `clock`. Each method runs on the database, or on the transaction
 * given last.
 */
export function createWalletLedger(db: Kysely<Database>, clock: Clock = systemClock) {
  return {
    async recentEntries(
      userId: string,
      currency: Currency,
      limit: number,
      trx: Kysely<Database> = db,
    ): Promise<LedgerEntry[]> {
      const rows = await trx
        .selectFrom("ledger_entries")
        .select(["id", "kind", "amount", "reference", "created_at"])
        .where("user_id", "=", userId)
        .where("currency", "=", currency)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        amount: row.amount,
        reference: row.reference,
        createdAt: row.created_at,
      }));
    },

    /** Every movement of the user in every currency, oldest first (the data export). */
    async allEntries(userId: string, trx: Kysely<Database> = db): Promise<Array<LedgerEntry & { currency: string }>> {
      const rows = await trx
        .selectFrom("ledger_entries")
        .select(["id", "kind", "amount", "reference", "created_at", "currency"])
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        amount: row.amount,
        reference: row.reference,
        createdAt: row.created_at,
        currency: row.currency,
      }));
    },

    async appendEntry(movement: Movement, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("ledger_entries")
        .values({
          id: randomUUID(),
          user_id: movement.userId,
          currency: movement.currency,
          kind: movement.kind,
          amount: movement.amount,
          reference: movement.reference,
          created_at: clock.now().toISOString(),
        })
        .execute();
    },

    /** The sum (minor units, negative or 0) of the user's ledger rows of `kind` with `reference`. */
    async sumOf(userId: string, kind: LedgerKind, reference: string, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("ledger_entries")
        .select((eb) => eb.fn.sum<number>("amount").as("sum"))
        .where("kind", "=", kind)
        .where("reference", "=", reference)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(row?.sum ?? 0);
    },
  };
}

export type WalletLedger = ReturnType<typeof createWalletLedger>;
