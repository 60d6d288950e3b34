import type { Kysely, Selectable } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { WithdrawalRefundStatus } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import type { WithdrawalRefundsTable, WithdrawalsTable } from "./wallet.tables";

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type WithdrawalRefundRow = Selectable<WithdrawalRefundsTable>;

/** A paid deposit and what of it has not been withdrawn yet (refunds pending or succeeded count; failed ones not). */
export interface RefundableDeposit {
  id: string;
  /** Minor units still refundable. */
  remaining: number;
  createdAt: string;
  providerRef: string | null;
  providerPayment: string | null;
  billingJson: string;
}

/** Withdrawals and their provider refunds. Each method runs on the database, or on the transaction given last. */
export function createWithdrawalsRepository(db: Kysely<Database>) {
  return {
    /** The user's paid deposits in `currency` taken by `provider`, newest first, with what each still has to give back. */
    async refundableDeposits(userId: string, currency: Currency, provider: string, trx: Kysely<Database> = db): Promise<RefundableDeposit[]> {
      const rows = await trx
        .selectFrom("deposits as d")
        .select((eb) => [
          "d.id",
          "d.amount",
          "d.created_at",
          "d.provider_ref",
          "d.provider_payment",
          "d.billing_json",
          eb
            .selectFrom("withdrawal_refunds as r")
            .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("r.amount"), inner.lit(0)).as("withdrawn"))
            .whereRef("r.deposit_id", "=", "d.id")
            .where("r.status", "<>", "failed")
            .as("withdrawn"),
        ])
        .where("d.user_id", "=", userId)
        .where("d.currency", "=", currency)
        .where("d.status", "=", "paid")
        .where("d.provider", "=", provider as "sandbox" | "stripe")
        .orderBy("d.created_at", "desc")
        .orderBy("d.id", "desc")
        .execute();
      return rows
        .map((row) => ({
          id: row.id,
          remaining: row.amount - Number(row.withdrawn ?? 0),
          createdAt: row.created_at,
          providerRef: row.provider_ref,
          providerPayment: row.provider_payment,
          billingJson: row.billing_json,
        }))
        .filter((row) => row.remaining > 0);
    },

    /** The provider's ids of a deposit's payment, which its refunds are made against. */
    async depositPayment(depositId: string, trx: Kysely<Database> = db) {
      return trx.selectFrom("deposits").select(["provider_ref", "provider_payment"]).where("id", "=", depositId).executeTakeFirst();
    },

    async insertWithdrawal(row: WithdrawalRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("withdrawals").values(row).execute();
    },

    async insertRefunds(rows: WithdrawalRefundRow[], trx: Kysely<Database> = db): Promise<void> {
      if (rows.length > 0) await trx.insertInto("withdrawal_refunds").values(rows).execute();
    },

    async findWithdrawal(id: string, trx: Kysely<Database> = db): Promise<WithdrawalRow | undefined> {
      return trx.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The refunds of a withdrawal, newest deposit first (the order they were split in). */
    async refundsOf(withdrawalId: string, trx: Kysely<Database> = db): Promise<WithdrawalRefundRow[]> {
      return trx.selectFrom("withdrawal_refunds").selectAll().where("withdrawal_id", "=", withdrawalId).orderBy("created_at").orderBy("id").execute();
    },

    async findRefund(id: string, trx: Kysely<Database> = db): Promise<WithdrawalRefundRow | undefined> {
      return trx.selectFrom("withdrawal_refunds").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async findRefundByProviderRef(providerRef: string, trx: Kysely<Database> = db): Promise<WithdrawalRefundRow | undefined> {
      return trx.selectFrom("withdrawal_refunds").selectAll().where("provider_ref", "=", providerRef).executeTakeFirst();
    },

    /** Remembers the provider's id for a refund it accepted (still pending until it says how it ended). */
    async setProviderRef(id: string, providerRef: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("withdrawal_refunds").set({ provider_ref: providerRef }).where("id", "=", id).where("provider_ref", "is", null).execute();
    },

    /** Moves a pending refund to how it ended; false when it had ended before (so each refund ends exactly once). */
    async settle(id: string, status: Exclude<WithdrawalRefundStatus, "pending">, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("withdrawal_refunds")
        .set({ status, settled_at: nowIso() })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
