import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { formatMoney, toMinor } from "../../../contract/money";
import type { DepositLimits, DepositResponse } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { TransactionOpener } from "../../platform/transactions";
import { lockOpenAccount } from "../accounts";
import type { PaymentProvider } from "../payments";
import type { DepositServiceDeps, NewDeposit } from "./deposit-terms";
import type { DepositRow, DepositsRepository } from "./deposits.repository";

export interface DepositStartDeps extends Pick<DepositServiceDeps, "rememberBilling"> {
  repository: Pick<DepositsRepository, "insert">;
  payments: Pick<PaymentProvider, "name" | "startCheckout">;
  transaction: TransactionOpener;
  clock: Clock;
  limits: DepositLimits;
}

/** How a deposit started by another module differs from a top-up (docs/decisions/0061-pay-the-difference.md). */
export interface DepositStartOptions {
  /** `order`: it pays an order's shortfall; the provider sends the buyer back to the cart. */
  purpose?: "top-up" | "order";
  /** Minor units: the smallest amount taken instead of DEPOSIT_MIN (a shortfall may be smaller). */
  minimum?: number;
  /** Stores what comes with the deposit in the transaction that stores the deposit. */
  alsoStore?: (trx: Kysely<Database>, depositId: string) => Promise<void>;
}

/** A client starts a deposit: the amount checked against the limits, the provider's payment page, a pending row. */
export type StartDeposit = (userId: string, request: NewDeposit, locale: Locale, options?: DepositStartOptions) => Promise<DepositResponse>;

export function createStartDeposit({
  repository,
  payments,
  transaction,
  clock,
  limits,
  rememberBilling,
}: DepositStartDeps): StartDeposit {
  const minMinor = Math.round(limits.min * 100);
  const maxMinor = Math.round(limits.max * 100);
  return async (userId, request, locale, options = {}) => {
    const { depositAmount, currency, ...billing } = request;
    const amount = toMinor(depositAmount);
    if (amount === null) throw DomainError.field("depositAmount", "validation.twoDecimals");
    const floor = options.minimum ?? minMinor;
    if (amount < floor || amount > maxMinor) {
      const min = formatMoney({ minor: floor, currency }, locale);
      const max = formatMoney({ minor: maxMinor, currency }, locale);
      throw DomainError.field("depositAmount", "validation.amountBetween", { min, max });
    }
    const id = randomUUID();
    const purpose = options.purpose ?? "top-up";
    const start = await payments.startCheckout({ depositId: id, amount, currency, email: billing.email, locale, purpose });
    const row: DepositRow = {
      id,
      user_id: userId,
      currency,
      amount,
      status: "pending",
      provider: payments.name,
      provider_ref: start.providerRef,
      provider_payment: null,
      billing_json: JSON.stringify(billing),
      locale,
      created_at: clock.now().toISOString(),
      completed_at: null,
    };
    // Stored only while the account is open: a deposit racing its closing waits for it and is refused (401).
    await transaction(async (trx) => {
      await lockOpenAccount(trx, userId);
      await repository.insert(row, trx);
      await options.alsoStore?.(trx, id);
    });
    const { agreedToPP_TOS: _agreed, ...details } = billing;
    await rememberBilling(userId, details);
    return { depositId: id, status: "pending", paymentUrl: start.paymentUrl };
  };
}
