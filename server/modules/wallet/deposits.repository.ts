import type { Kysely, Selectable } from "kysely";
import type { DepositStatus } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { type Clock, systemClock } from "../../platform/clock";
import type { DepositsTable } from "./wallet.tables";

export type DepositRow = Selectable<DepositsTable>;

/** Deposits: created pending, then settled once (paid, declined or expired). Each method runs on the database, or on the transaction given last. */
export function createDepositsRepository(db: Kysely<Database>, clock: Clock = systemClock) {
  return {
    async insert(row: DepositRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("deposits").values(row).execute();
    },

    async find(id: string, trx: Kysely<Database> = db): Promise<DepositRow | undefined> {
      return trx.selectFrom("deposits").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async listForUser(userId: string, trx: Kysely<Database> = db): Promise<DepositRow[]> {
      return trx.selectFrom("deposits").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
    },

    /** Account closing: the billing fields of the user's deposits erased (amounts and receipts stay). */
    async forgetBilling(userId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("deposits").set({ billing_json: "{}" }).where("user_id", "=", userId).execute();
    },

    /** Remembers the provider's payment of a paid deposit (what its refunds are made against). */
    async setProviderPayment(id: string, paymentRef: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("deposits").set({ provider_payment: paymentRef }).where("id", "=", id).execute();
    },

    /**
     * Moves a pending deposit to `status`; false when it was no longer pending (someone else settled it first).
     * With `providerRef`, only the deposit of that provider payment.
     */
    async settle(id: string, status: Exclude<DepositStatus, "pending">, providerRef?: string, trx: Kysely<Database> = db): Promise<boolean> {
      let query = trx.updateTable("deposits").set({ status, completed_at: clock.now().toISOString() }).where("id", "=", id).where("status", "=", "pending");
      if (providerRef !== undefined) query = query.where("provider_ref", "=", providerRef);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
