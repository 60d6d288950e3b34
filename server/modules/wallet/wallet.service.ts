import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { LedgerKind } from "../../../contract/wallet";
import { isPostgres } from "../../db/row-lock";
import type { Database } from "../../db/schema";
import { type Clock, systemClock } from "../../platform/clock";
import { createWalletRepository, type LedgerEntry } from "./wallet.repository";
import { takeWithEntry } from "./wallet-debit";

export type { LedgerEntry } from "./wallet.repository";

export interface WalletDebit {
  userId: string;
  currency: Currency;
  /** Positive minor units to take off the balance. */
  amount: number;
  kind: "order" | "adjustment" | "withdrawal";
  /** The order the money pays for, the balance adjustment, or the withdrawal. */
  reference: string;
}

export interface WalletCredit {
  userId: string;
  currency: Currency;
  /** Positive minor units to add to the balance. */
  amount: number;
  kind: Exclude<LedgerKind, "order" | "withdrawal">;
  /** The deposit, refunded order or adjustment note it comes from. */
  reference: string;
}

export interface Statement {
  /** Minor units. */
  balance: number;
  /** Most recent first. */
  transactions: LedgerEntry[];
}

function assertPositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`wallet amounts are positive integer minor units, got ${amount}`);
}

/**
 * Prepaid balances, one per customer and currency, kept with an append-only ledger (ARCHITECTURE "Money").
 *
 * Writes (`debit`, `credit`) run inside a transaction the caller opens (server/platform/transactions.ts), so an order
 * and the money paying for it are stored together or not at all.
 */
export function createWalletService(db: Kysely<Database>, clock: Clock = systemClock) {
  const repository = createWalletRepository(db, clock);
  return {
    /** Current balance in minor units (0 when the customer never had money in that currency). */
    balance(userId: string, currency: Currency, trx?: Kysely<Database>): Promise<number> {
      return repository.balance(userId, currency, trx);
    },

    /** Every ledger movement of the user, all currencies, oldest first (minor units). */
    entries(userId: string) {
      return repository.allEntries(userId);
    },

    async statement(userId: string, currency: Currency, limit = 50): Promise<Statement> {
      const [balance, transactions] = await Promise.all([
        repository.balance(userId, currency),
        repository.recentEntries(userId, currency, limit),
      ]);
      return { balance, transactions };
    },

    /** Every balance of the user, by currency (minor units). */
    balances(userId: string, trx?: Kysely<Database>) {
      return repository.balances(userId, trx);
    },

    /** Every balance of these users (minor units): the back office's customers list. */
    balancesOf(userIds: readonly string[], trx?: Kysely<Database>) {
      return repository.balancesOf(userIds, trx);
    },

    /** The newest `limit` ledger rows of one currency with each adjustment's reason (the customers page). */
    ledgerWithReasons(userId: string, currency: string, limit: number, trx?: Kysely<Database>) {
      return repository.ledgerWithReasons(userId, currency, limit, trx);
    },

    /** Records why staff adjusted a balance (the ledger row of the adjustment points at it); pass the adjustment's trx. */
    addAdjustment(
      adjustment: { id: string; userId: string; currency: string; amount: number; reason: string; staffId: string; createdAt: string; orderNumber?: string | null; ticketNumber?: string | null },
      trx?: Kysely<Database>,
    ) {
      return repository.addAdjustment(adjustment, trx);
    },

    /** What a refunded order gave back (minor units, 0 when nothing): the sum of its refund rows. */
    async refundedFor(userId: string, orderNumber: string, trx?: Kysely<Database>): Promise<number> {
      return repository.sumOf(userId, "refund", orderNumber, trx);
    },

    /** Money in (deposits) and out (refunds) per currency and day since `since` (minor units, as the ledger signs them). */
    dailyDepositsAndRefunds(since: string, trx?: Kysely<Database>) {
      return repository.dailySums(["deposit", "refund"], since, trx);
    },

    /**
     * Takes money for an order when the balance covers it: one conditional UPDATE (`amount >= x`), so two
     * concurrent debits can never both spend the same money. False, with nothing written, when it does not cover.
     */
    async debit(trx: Kysely<Database>, debit: WalletDebit): Promise<boolean> {
      assertPositive(debit.amount);
      if (isPostgres(trx)) return takeWithEntry(trx, { ...debit, amount: -debit.amount }, clock.now().toISOString());
      const taken = await repository.takeIfCovered(debit.userId, debit.currency, debit.amount, trx);
      if (taken) await repository.appendEntry({ ...debit, amount: -debit.amount }, trx);
      return taken;
    },

    /** Adds money (a paid deposit, a refund, an adjustment) and its ledger row. */
    async credit(trx: Kysely<Database>, credit: WalletCredit): Promise<void> {
      assertPositive(credit.amount);
      await repository.add(credit.userId, credit.currency, credit.amount, trx);
      await repository.appendEntry(credit, trx);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
