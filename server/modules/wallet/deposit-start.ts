import { randomUUID } from "node:crypto";
import { formatMoney, toMinor } from "../../../contract/money";
import type { DepositLimits, DepositResponse } from "../../../contract/wallet";
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

/** A client starts a deposit: the amount checked against the limits, the provider's payment page, a pending row. */
export type StartDeposit = (userId: string, request: NewDeposit, locale: Locale) => Promise<DepositResponse>;

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
  return async (userId, request, locale) => {
    const { depositAmount, currency, ...billing } = request;
    const amount = toMinor(depositAmount);
    if (amount === null) throw DomainError.field("depositAmount", "validation.twoDecimals");
    if (amount < minMinor || amount > maxMinor) {
      const min = formatMoney({ minor: minMinor, currency }, locale);
      const max = formatMoney({ minor: maxMinor, currency }, locale);
      throw DomainError.field("depositAmount", "validation.amountBetween", { min, max });
    }
    const id = randomUUID();
    const start = await payments.startCheckout({ depositId: id, amount, currency, email: billing.email, locale });
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
    });
    const { agreedToPP_TOS: _agreed, ...details } = billing;
    await rememberBilling(userId, details);
    return { depositId: id, status: "pending", paymentUrl: start.paymentUrl };
  };
}
