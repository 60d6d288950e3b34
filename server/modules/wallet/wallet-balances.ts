import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { Database } from "../../db/schema";
import { type Clock, systemClock } from "../../platform/clock";

/** The balances (and the adjustments that explain a staff change to one). Each method runs on the database, or on the transaction given last. */
export function createWalletBalances(db: Kysely<Database>, clock: Clock = systemClock) {
  const nowIso = () => clock.now().toISOString();
  return {
    async balance(userId: string, currency: Currency, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom("balances")
        .select("amount")
        .where("user_id", "=", userId)
        .where("currency", "=", currency)
        .executeTakeFirst();
      return row?.amount ?? 0;
    },

    /** Takes `amount` (positive) off the balance only when it covers it; false when nothing was taken. */
    async takeIfCovered(
      userId: string,
      currency: Currency,
      amount: number,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable("balances")
        .set((eb) => ({ amount: eb("amount", "-", amount), updated_at: nowIso() }))
        .where("user_id", "=", userId)
        .where("currency", "=", currency)
        .where("amount", ">=", amount)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Adds `amount` (positive) to the balance, creating it at the first credit. */
    async add(userId: string, currency: Currency, amount: number, trx: Kysely<Database> = db): Promise<void> {
      const now = nowIso();
      await trx
        .insertInto("balances")
        .values({ user_id: userId, currency, amount, updated_at: now })
        .onConflict((oc) =>
          oc.columns(["user_id", "currency"]).doUpdateSet((eb) => ({
            amount: eb("balances.amount", "+", eb.ref("excluded.amount")),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    },

    /** Every balance of the user, by currency. */
    async balances(userId: string, trx: Kysely<Database> = db): Promise<Array<{ currency: string; amount: number }>> {
      return trx
        .selectFrom("balances")
        .select(["currency", "amount"])
        .where("user_id", "=", userId)
        .orderBy("currency")
        .execute();
    },

    async addAdjustment(
      adjustment: {
        id: string;
        userId: string;
        currency: string;
        amount: number;
        reason: string;
        staffId: string;
        createdAt: string;
        orderNumber?: string | null;
        ticketNumber?: string | null;
      },
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .insertInto("balance_adjustments")
        .values({
          id: adjustment.id,
          user_id: adjustment.userId,
          currency: adjustment.currency,
          amount: adjustment.amount,
          reason: adjustment.reason,
          staff_id: adjustment.staffId,
          created_at: adjustment.createdAt,
          order_number: adjustment.orderNumber ?? null,
          ticket_number: adjustment.ticketNumber ?? null,
        })
        .execute();
    },
  };
}

export type WalletBalances = ReturnType<typeof createWalletBalances>;
