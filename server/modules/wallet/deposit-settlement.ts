import type { Currency } from "../../../contract/currency";
import type { BillingFields } from "../../../contract/wallet";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import type { TransactionOpener } from "../../platform/transactions";
import type { IssuedDocument } from "../documents";
import { depositReceipt } from "./deposit-receipt";
import type { ConfirmOutcome, DepositServiceDeps, ProviderPayment } from "./deposit-terms";
import type { DepositRow, DepositsRepository } from "./deposits.repository";

export interface DepositSettlementDeps
  extends Pick<DepositServiceDeps, "wallet" | "mail" | "documents" | "accountEmail" | "metrics"> {
  repository: Pick<DepositsRepository, "find" | "settle" | "setProviderPayment">;
  transaction: TransactionOpener;
  clock: Clock;
}

/** Settling a pending deposit exactly once: credited (with its receipt), declined or expired. */
export interface DepositSettlement {
  /** Credits a pending deposit once. With `payment`, only when the provider's reference, amount and currency match. */
  confirmPaid(depositId: string, payment?: ProviderPayment): Promise<ConfirmOutcome>;
  /** Declines or expires a pending deposit (of that provider payment, when given); false when nothing changed. */
  fail(depositId: string, status: "declined" | "expired", providerRef?: string): Promise<boolean>;
}

function matches(row: DepositRow, payment: ProviderPayment): boolean {
  return (
    row.provider_ref === payment.providerRef &&
    row.amount === payment.amount &&
    row.currency === payment.currency?.toUpperCase()
  );
}

/**
 * Crediting is decided by one conditional UPDATE (pending → paid) in the same transaction as the credit, so a
 * confirmation that arrives ten times, even all at once, credits once, and a declined or expired deposit is never
 * credited.
 */
export function createDepositSettlement({
  repository,
  transaction,
  clock,
  wallet,
  mail,
  documents,
  accountEmail,
  metrics,
}: DepositSettlementDeps): DepositSettlement {
  const sendReceipt = async (row: DepositRow, paidAt: string, receipt: IssuedDocument) => {
    const billing = JSON.parse(row.billing_json) as BillingFields;
    const currency = row.currency as Currency;
    const balance = await wallet.balance(row.user_id, currency);
    const locale = row.locale as Locale;
    const name = billing.firstName;
    const to = await accountEmail(row.user_id);
    if (!to) return;
    const message = depositReceipt({
      to,
      name,
      depositId: row.id,
      amount: row.amount,
      currency,
      balance,
      paidAt,
      locale,
    });
    await mail.send(documents.attached(message, receipt, locale));
  };

  return {
    async confirmPaid(depositId, payment) {
      type Credited = { row: DepositRow; receipt: IssuedDocument };
      const settled = await transaction(async (trx): Promise<ConfirmOutcome | Credited> => {
        const row = await repository.find(depositId, trx);
        if (!row) return "unknown";
        if (payment && !matches(row, payment)) return "mismatch";
        if (!(await repository.settle(depositId, "paid", undefined, trx))) return "unchanged";
        if (payment?.paymentRef) await repository.setProviderPayment(depositId, payment.paymentRef, trx);
        const currency = row.currency as Currency;
        await wallet.credit(trx, {
          userId: row.user_id,
          currency,
          amount: row.amount,
          kind: "deposit",
          reference: row.id,
        });
        // The receipt is numbered in the transaction that credits the money, so a rolled-back credit takes no number.
        const billing = JSON.parse(row.billing_json) as BillingFields;
        const receipt = await documents.issueReceipt(trx, {
          userId: row.user_id,
          depositId: row.id,
          amount: row.amount,
          currency,
          locale: row.locale as Locale,
          billing,
        });
        return { row, receipt };
      });
      if (typeof settled === "string") return settled;
      metrics?.depositCredited(settled.row.currency);
      await sendReceipt(settled.row, clock.now().toISOString(), settled.receipt);
      return "credited";
    },

    fail: (depositId, status, providerRef) => repository.settle(depositId, status, providerRef),
  };
}
