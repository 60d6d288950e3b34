import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { BillingFields } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
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
  /**
   * The receipt's mail, stored in the crediting transaction: it exists exactly when the credit does, and is rendered
   * (with its PDF) after the commit by the mail job, not while the provider's confirmation waits (issue 27).
   */
  const sendReceipt = async (
    trx: Kysely<Database>,
    row: DepositRow,
    to: string | undefined,
    paidAt: string,
    receipt: IssuedDocument,
  ) => {
    if (!to) return;
    const billing = JSON.parse(row.billing_json) as BillingFields;
    const currency = row.currency as Currency;
    const balance = await wallet.balance(row.user_id, currency, trx);
    const locale = row.locale as Locale;
    const message = depositReceipt({
      to,
      name: billing.firstName,
      depositId: row.id,
      amount: row.amount,
      currency,
      balance,
      paidAt,
      locale,
    });
    await mail.send(documents.attached(message, receipt), trx);
  };

  return {
    async confirmPaid(depositId, payment) {
      type Credited = { row: DepositRow };
      // The account's address is read before (a deposit's owner never changes): inside the transaction only `trx` may
      // be used (transactions.ts).
      const known = await repository.find(depositId);
      const to = known ? await accountEmail(known.user_id) : undefined;
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
        await sendReceipt(trx, row, to, clock.now().toISOString(), receipt);
        return { row };
      });
      if (typeof settled === "string") return settled;
      metrics?.depositCredited(settled.row.currency);
      return "credited";
    },

    fail: (depositId, status, providerRef) => repository.settle(depositId, status, providerRef),
  };
}
