import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { LedgerKind } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";

export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  /** Signed minor units. */
  amount: number;
  reference: string;
  createdAt: string;
}

export interface Movement {
  userId: string;
  currency: Currency;
  kind: LedgerKind;
  /** Signed minor units as written to the ledger. */
  amount: number;
  reference: string;
}

/** Balances and their ledger. Each method runs on the database, or on the transaction given last. */
export function createWalletRepository(db: Kysely<Database>) {
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

    async recentEntries(userId: string, currency: Currency, limit: number, trx: Kysely<Database> = db): Promise<LedgerEntry[]> {
      const rows = await trx
        .selectFrom("ledger_entries")
        .select(["id", "kind", "amount", "reference", "created_at"])
        .where("user_id", "=", userId)
        .where("currency", "=", currency)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, kind: row.kind, amount: row.amount, reference: row.reference, createdAt: row.created_at }));
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
      return rows.map((row) => ({ id: row.id, kind: row.kind, amount: row.amount, reference: row.reference, createdAt: row.created_at, currency: row.currency }));
    },

    /** Takes `amount` (positive) off the balance only when it covers it; false when nothing was taken. */
    async takeIfCovered(userId: string, currency: Currency, amount: number, trx: Kysely<Database> = db): Promise<boolean> {
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
          created_at: nowIso(),
        })
        .execute();
    },

    /** Every balance of the user, by currency. */
    async balances(userId: string, trx: Kysely<Database> = db): Promise<Array<{ currency: string; amount: number }>> {
      return trx.selectFrom("balances").select(["currency", "amount"]).where("user_id", "=", userId).orderBy("currency").execute();
    },

    /** The newest `limit` ledger rows of one currency, with each adjustment's reason. */
    async ledgerWithReasons(userId: string, currency: string, limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom("ledger_entries")
        .leftJoin("balance_adjustments", (join) => join.onRef("balance_adjustments.id", "=", "ledger_entries.reference").on("ledger_entries.kind", "=", "adjustment"))
        .select(["ledger_entries.id", "ledger_entries.kind", "ledger_entries.amount", "ledger_entries.reference", "ledger_entries.created_at", "balance_adjustments.reason"])
        .where("ledger_entries.user_id", "=", userId)
        .where("ledger_entries.currency", "=", currency)
        .orderBy("ledger_entries.created_at", "desc")
        .orderBy("ledger_entries.id", "desc")
        .limit(limit)
        .execute();
    },

    async addAdjustment(adjustment: { id: string; userId: string; currency: string; amount: number; reason: string; staffId: string; createdAt: string }, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("balance_adjustments")
        .values({
          id: adjustment.id, user_id: adjustment.userId, currency: adjustment.currency, amount: adjustment.amount, reason: adjustment.reason,
          staff_id: adjustment.staffId, created_at: adjustment.createdAt,
        })
        .execute();
    },

    /** The sum (minor units, negative or 0) of the user's ledger rows of `kind` with `reference`. */
    async sumOf(userId: string, kind: LedgerKind, reference: string, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx.selectFrom("ledger_entries").select((eb) => eb.fn.sum<number>("amount").as("sum")).where("kind", "=", kind).where("reference", "=", reference).where("user_id", "=", userId).executeTakeFirst();
      return Number(row?.sum ?? 0);
    },

    /** Sums of the ledger per currency, kind and day (YYYY-MM-DD) since `since`, for `kinds`. */
    async dailySums(kinds: readonly LedgerKind[], since: string, trx: Kysely<Database> = db): Promise<Array<{ currency: string; kind: string; day: string; amount: number }>> {
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

export type WalletRepository = ReturnType<typeof createWalletRepository>;
