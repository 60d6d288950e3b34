import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { RefundPart as Part } from "../../../common/balance-withdrawal";
import { balancePolicyText } from "../../../content/policies/balance-withdrawal";
import type { Currency } from "../../../contract/currency";
import type { BalancePolicySettings } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { PaymentProvider } from "../payments";
import type { WalletService } from "./wallet.service";
import type { RefundableDeposit, WithdrawalRefundRow, WithdrawalRow, WithdrawalsRepository } from "./withdrawals.repository";

type RefundPart = Part<RefundableDeposit>;

/** The job that sends a withdrawal's refunds to the provider when the request that made it could not (a crash, an outage). */
export const WITHDRAWAL_REFUND_JOB = "withdrawal.refund";
/** How long the request that made a withdrawal has to send its refunds before the job does. */
const JOB_DELAY_MS = 2 * 60_000;

export interface WithdrawalRecordsDeps {
  repository: WithdrawalsRepository;
  payments: Pick<PaymentProvider, "name">;
  jobs: JobRunner;
  clock: Clock;
  documents: DocumentsService;
  mail: MailService;
  wallet: WalletService;
  policy: BalancePolicySettings;
}

/** The withdrawal's lines as the refund receipt and the mail show them: one per deposit, newest first. */
/** What a withdrawal writes in its transaction: its rows, the job that backs up the provider call, the receipt and the mail. */
export function createWithdrawalRecords({ repository, payments, jobs, clock, documents, mail, wallet, policy }: WithdrawalRecordsDeps) {
  const record = async (trx: Kysely<Database>, withdrawal: WithdrawalRow, parts: RefundPart[]): Promise<WithdrawalRefundRow[]> => {
    await repository.insertWithdrawal(withdrawal, trx);
    const refunds = parts.map((part, index): WithdrawalRefundRow => ({
      id: randomUUID(),
      withdrawal_id: withdrawal.id,
      deposit_id: part.deposit.id,
      user_id: withdrawal.user_id,
      currency: withdrawal.currency,
      amount: part.amount,
      status: "pending",
      provider: payments.name,
      provider_ref: null,
      // Ordered as split (newest deposit first): the same instant plus the part's position.
      created_at: new Date(Date.parse(withdrawal.created_at) + index).toISOString(),
      settled_at: null,
    }));
    await repository.insertRefunds(refunds, trx);
    await jobs.schedule(trx, {
      kind: WITHDRAWAL_REFUND_JOB,
      payload: { withdrawalId: withdrawal.id },
      runAt: new Date(clock.now().getTime() + JOB_DELAY_MS),
      uniqueKey: `${WITHDRAWAL_REFUND_JOB}:${withdrawal.id}`,
    });
    return refunds;
  };

  /** The refund receipt and the mail, in the withdrawal's transaction; both are rendered after the commit (0056). */
  const paperwork = async (trx: Kysely<Database>, withdrawal: WithdrawalRow, parts: RefundPart[], to: string | undefined) => {
    const locale = withdrawal.locale as Locale;
    const currency = withdrawal.currency as Currency;
    const billing = JSON.parse(parts[0]?.deposit.billingJson ?? "{}") as { firstName?: string };
    const receipt = await documents.issueRefundReceipt(trx, {
      userId: withdrawal.user_id,
      withdrawalId: withdrawal.id,
      currency,
      locale,
      billing,
      refunds: parts.map((part) => ({ depositedAt: part.deposit.createdAt, amount: part.amount })),
    });
    if (!to) return;
    const data = {
      firstName: billing.firstName ?? "",
      amount: withdrawal.amount,
      balance: await wallet.balance(withdrawal.user_id, currency, trx),
      currency,
      refunds: parts.map((part) => ({ depositedAt: part.deposit.createdAt, amount: part.amount })),
      policy: balancePolicyText(locale, policy),
    };
    await mail.send(documents.attached({ to, locale, template: "withdrawalStarted" as const, data }, receipt), trx);
  };

  return { record, paperwork };
}
