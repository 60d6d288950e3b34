import { sql, type Kysely } from "kysely";
import type { LedgerKind } from "../../../contract/wallet";
import type { Database } from "../../db/schema";

/** The ledger as the back office reads it: with reasons, and summed per day. */
export function createWalletReports(db: Kysely<Database>) {
  return {
    /** The newest `limit` ledger rows of one currency, with each adjustment's reason. */
    async ledgerWithReasons(userId: string, currency: string, limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("ledger_entries")
        .leftJoin("balance_adjustments", (join) =>
          join
            .onRef("balance_adjustments.id", "=", "ledger_entries.reference")
            .on("ledger_entries.kind", "=", "adjustment"),
        )
        .select([
          "ledger_entries.id",
          "ledger_entries.kind",
          "ledger_entries.amount",
          "ledger_entries.reference",
          "ledger_entries.created_at",
          "balance_adjustments.reason",
          "balance_adjustments.order_number",
          "balance_adjustments.ticket_number",
        ])
        .where("ledger_entries.user_id", "=", userId)
        .where("ledger_entries.currency", "=", currency)
        .orderBy("ledger_entries.created_at", "desc")
        .orderBy("ledger_entries.id", "desc")
        .limit(limit)
        .execute();
    },

    /** Every balance of these users (the customers list: one query for the page). */
    async balancesOf(userIds: readonly string[], trx: Kysely<Database> = db): Promise<Array<{ userId: string; currency: string; amount: number }>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return [];
      const rows = await trx.selectFrom("balances").select(["user_id", "currency", "amount"]).where("user_id", "in", ids).orderBy("currency").execute();
      return rows.map((row) => ({ userId: row.user_id, currency: row.currency, amount: Number(row.amount) }));
    },

    /** Sums of the ledger per currency, kind and day (YYYY-MM-DD) since `since`, for `kinds`. */
    async dailySums(
      kinds: readonly LedgerKind[],
      since: string,
      trx: Kysely<Database> = db,
    ): Promise<Array<{ currency: string; kind: string; day: string; amount: number }>> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await trx
        .selectFrom("ledger_entries")
        .select(["currency", "kind", day.as("day"), (eb) => eb.fn.sum<number>("amount").as("amount")])
        .where("kind", "in", kinds)
        .where("created_at", ">=", since)
        .groupBy(["currency", "kind", day])
        .execute();
      return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
    },
  };
}

export type WalletReports = ReturnType<typeof createWalletReports>;
