import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import {
  DEFAULT_DEPOSIT_LIMITS,
  type DepositDetails,
  type DepositLimits,
  type DepositStatus,
  type SandboxPayment,
} from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { systemClock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { createTransactionOpener } from "../../platform/transactions";
import { createDepositAccess } from "./deposit-access";
import { createDepositSettlement, type DepositSettlement } from "./deposit-settlement";
import { createStartDeposit, type StartDeposit } from "./deposit-start";
import type { DepositServiceDeps } from "./deposit-terms";
import { createDepositsRepository } from "./deposits.repository";

export type { ConfirmOutcome, DepositServiceDeps, NewDeposit, ProviderPayment } from "./deposit-terms";

/** A deposit in the data export, with the billing details sent with it. */
export interface ExportedDeposit {
  id: string;
  amount: number;
  currency: string;
  status: DepositStatus;
  createdAt: string;
  billing: Record<string, unknown>;
}

/** Deposits: started by the client, settled once by the provider (or the sandbox page), read by their owner. */
export interface DepositService extends DepositSettlement {
  create: StartDeposit;
  /** DEPOSIT_MIN and DEPOSIT_MAX, major units. */
  limits: DepositLimits;
  /**
   * Runs `listener` after each confirmation of a paid deposit (the first that credits it and every later one), once
   * the credit is committed: the orders module places the order a deposit pays for. A failing listener does not
   * undo the payment; the buyer's return page tries again.
   */
  whenPaid(listener: (depositId: string) => Promise<void>): void;
  details(userId: string, depositId: string): Promise<DepositDetails>;
  sandboxPayment(userId: string, depositId: string): Promise<SandboxPayment>;
  /** The buyer pressed Pay or Decline on the sandbox page; answers the deposit's status afterwards. */
  completeSandbox(
    userId: string,
    depositId: string,
    outcome: "paid" | "declined",
  ): Promise<{ depositId: string; status: DepositStatus }>;
  /** Every deposit of the user with the billing details sent with it, oldest first (the data export). */
  listFor(userId: string): Promise<ExportedDeposit[]>;
  /** Account closing: forgets who paid each deposit; the ledger and the receipts are kept. */
  forgetBilling(userId: string, trx?: Kysely<Database>): Promise<void>;
}

/**
 * Deposits: a pending deposit is created with the provider's payment page (deposit-start.ts), then settled exactly
 * once (deposit-settlement.ts).
 */
export function createDepositService(deps: DepositServiceDeps): DepositService {
  const { db, payments, clock = systemClock, limits = DEFAULT_DEPOSIT_LIMITS } = deps;
  const repository = createDepositsRepository(db, clock);
  const transaction = createTransactionOpener(db);
  const access = createDepositAccess(repository, payments);
  const credited = createDepositSettlement({ ...deps, repository, transaction, clock });
  const listeners: Array<(depositId: string) => Promise<void>> = [];
  const settlement: DepositSettlement = {
    ...credited,
    async confirmPaid(depositId, payment) {
      const outcome = await credited.confirmPaid(depositId, payment);
      if (outcome === "credited" || outcome === "unchanged") {
        for (const listener of listeners) await listener(depositId).catch(() => undefined);
      }
      return outcome;
    },
  };
  return {
    ...settlement,
    limits,
    whenPaid: (listener) => void listeners.push(listener),
    create: createStartDeposit({
      repository,
      payments,
      transaction,
      clock,
      limits,
      rememberBilling: deps.rememberBilling,
    }),

    async details(userId, depositId) {
      const row = await access.owned(userId, depositId);
      return {
        depositId: row.id,
        amount: toMajor(row.amount),
        currency: row.currency as Currency,
        status: row.status,
        createdAt: row.created_at,
      };
    },

    async sandboxPayment(userId, depositId) {
      const row = await access.ownedSandbox(userId, depositId);
      return { depositId: row.id, amount: toMajor(row.amount), currency: row.currency as Currency, status: row.status };
    },

    async completeSandbox(userId, depositId, outcome) {
      await access.ownedSandbox(userId, depositId);
      if (outcome === "paid") await settlement.confirmPaid(depositId);
      else await settlement.fail(depositId, "declined");
      const row = await repository.find(depositId);
      if (!row) throw DomainError.notFound();
      return { depositId, status: row.status };
    },

    async listFor(userId) {
      const rows = await repository.listForUser(userId);
      return rows.map((row) => ({
        id: row.id,
        amount: toMajor(row.amount),
        currency: row.currency,
        status: row.status,
        createdAt: row.created_at,
        billing: JSON.parse(row.billing_json) as Record<string, unknown>,
      }));
    },

    forgetBilling: (userId, trx) => repository.forgetBilling(userId, trx),
  };
}
