import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { splitAcrossDeposits, withdrawableOf, type RefundPart as Part } from "../../../common/balance-withdrawal";
import { balancePolicyText } from "../../../content/policies/balance-withdrawal";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor, toMinor } from "../../../contract/money";
import type { BalancePolicySettings, WithdrawRequest, WithdrawResponse } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { translate, type Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { TransactionOpener } from "../../platform/transactions";
import { lockOpenAccount } from "../accounts";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import { RefundRefused, type PaymentProvider } from "../payments";
import type { WalletService } from "./wallet.service";
import { createWithdrawalsRepository, type RefundableDeposit, type WithdrawalRefundRow, type WithdrawalRow } from "./withdrawals.repository";

type RefundPart = Part<RefundableDeposit>;

/** The job that sends a withdrawal's refunds to the provider when the request that made it could not (a crash, an outage). */
export const WITHDRAWAL_REFUND_JOB = "withdrawal.refund";
/** How long the request that made a withdrawal has to send its refunds before the job does. */
const JOB_DELAY_MS = 2 * 60_000;

export interface WithdrawalDeps {
  db: Kysely<Database>;
  wallet: WalletService;
  payments: PaymentProvider;
  mail: MailService;
  documents: DocumentsService;
  jobs: JobRunner;
  transaction: TransactionOpener;
  clock: Clock;
  accountEmail: (userId: string) => Promise<string | undefined>;
  policy: BalancePolicySettings;
}

/** How a refund ended, as the provider (or its webhook) says: applied once, `unchanged` every later time. */
export type RefundOutcome = "succeeded" | "failed";

export interface WithdrawalService {
  /** What can be withdrawn now in `currency` (minor units), and what each paid deposit still has to give back, newest first. */
  withdrawable(userId: string, currency: Currency): Promise<{ withdrawable: number; deposits: RefundableDeposit[] }>;
  /** Takes `amount` off the balance and pays it back to the newest deposits' payments (issue 25). */
  withdraw(userId: string, request: WithdrawRequest, locale: Locale): Promise<WithdrawResponse>;
  /** Sends the withdrawal's refunds the provider has not answered yet; true when none is left to send. */
  sendRefunds(withdrawalId: string): Promise<boolean>;
  /** A refund ended (provider answer or webhook): exactly once; a failed one puts its amount back on the balance. */
  settleRefund(refundId: string, outcome: RefundOutcome): Promise<"settled" | "unchanged" | "unknown">;
  /** The webhook's way in: the refund by the provider's id or by ours (its metadata). */
  settleProviderRefund(ref: { providerRef: string; refundId?: string; amount?: number }, outcome: RefundOutcome): Promise<"settled" | "unchanged" | "unknown">;
}

function amountOf(request: WithdrawRequest): number {
  const minor = toMinor(request.amount);
  if (minor === null) throw DomainError.field("amount", "validation.twoDecimals");
  if (minor <= 0) throw DomainError.field("amount", "wallet.withdraw.amountPositive");
  return minor;
}

/** The withdrawal's lines as the refund receipt and the mail show them: one per deposit, newest first. */
function receiptLines(parts: RefundPart[], locale: Locale) {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return parts.map((part) => ({
    description: translate(locale, "documents.refundToPayment", { date: date.format(new Date(part.deposit.createdAt)) }),
    amount: part.amount,
  }));
}

export function createWithdrawalService(deps: WithdrawalDeps): WithdrawalService {
  const { db, wallet, payments, mail, documents, jobs, transaction, clock, accountEmail, policy } = deps;
  const repository = createWithdrawalsRepository(db);

  const refuseBeyond = (withdrawable: number, currency: Currency, locale: Locale): DomainError =>
    withdrawable <= 0
      ? DomainError.field("", "wallet.withdraw.nothing", { currency })
      : DomainError.field("amount", "wallet.withdraw.tooMuch", { max: formatMoney({ minor: withdrawable, currency }, locale) });

  /** Inside the transaction: the balance taken (a conditional UPDATE, so parallel withdrawals never overdraw it), then the split. */
  const takeAndSplit = async (trx: Kysely<Database>, userId: string, currency: Currency, amount: number, withdrawalId: string, locale: Locale) => {
    await lockOpenAccount(trx, userId);
    const taken = await wallet.debit(trx, { userId, currency, amount, kind: "withdrawal", reference: withdrawalId });
    const deposits = await repository.refundableDeposits(userId, currency, payments.name, trx);
    if (!taken) throw refuseBeyond(withdrawableOf(await wallet.balance(userId, currency, trx), deposits), currency, locale);
    const parts = splitAcrossDeposits(amount, deposits);
    const covered = parts.reduce((sum, part) => sum + part.amount, 0);
    // The balance was taken first: this reads the deposits after any withdrawal that took it before us has committed.
    if (covered < amount) throw refuseBeyond(withdrawableOf(amount + (await wallet.balance(userId, currency, trx)), deposits), currency, locale);
    return parts;
  };

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
      lines: receiptLines(parts, locale),
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
    await mail.send(documents.attached({ to, locale, template: "withdrawalStarted" as const, data }, receipt, locale), trx);
  };

  const settleRefund: WithdrawalService["settleRefund"] = async (refundId, outcome) =>
    transaction(async (trx) => {
      const refund = await repository.findRefund(refundId, trx);
      if (!refund) return "unknown";
      if (!(await repository.settle(refundId, outcome, trx))) return "unchanged";
      if (outcome === "failed") {
        await wallet.credit(trx, {
          userId: refund.user_id,
          currency: refund.currency as Currency,
          amount: refund.amount,
          kind: "withdrawal_returned",
          reference: refund.withdrawal_id,
        });
      }
      return "settled";
    });

  /** Asks the provider for one refund; its answer is recorded, an outage left for the job to retry. */
  const sendOne = async (withdrawal: WithdrawalRow, refund: WithdrawalRefundRow): Promise<boolean> => {
    const deposit = (await repository.depositPayment(refund.deposit_id)) ?? { provider_ref: null, provider_payment: null };
    try {
      const answer = await payments.refund({
        refundId: refund.id,
        withdrawalId: withdrawal.id,
        checkoutRef: deposit.provider_ref,
        paymentRef: deposit.provider_payment,
        amount: refund.amount,
        currency: withdrawal.currency as Currency,
      });
      await repository.setProviderRef(refund.id, answer.providerRef);
      if (answer.status !== "pending") await settleRefund(refund.id, answer.status);
      return true;
    } catch (error) {
      if (!(error instanceof RefundRefused)) return false;
      await settleRefund(refund.id, "failed");
      return true;
    }
  };

  const sendRefunds: WithdrawalService["sendRefunds"] = async (withdrawalId) => {
    const withdrawal = await repository.findWithdrawal(withdrawalId);
    if (!withdrawal) return true;
    let sent = true;
    for (const refund of await repository.refundsOf(withdrawalId)) {
      if (refund.status !== "pending" || refund.provider_ref !== null) continue;
      if (!(await sendOne(withdrawal, refund))) sent = false;
    }
    return sent;
  };

  return {
    async withdrawable(userId, currency) {
      const [balance, deposits] = await Promise.all([wallet.balance(userId, currency), repository.refundableDeposits(userId, currency, payments.name)]);
      return { withdrawable: withdrawableOf(balance, deposits), deposits };
    },

    async withdraw(userId, request, locale) {
      const amount = amountOf(request);
      const withdrawal: WithdrawalRow = {
        id: randomUUID(),
        user_id: userId,
        currency: request.currency,
        amount,
        locale,
        created_at: clock.now().toISOString(),
      };
      // Read before the transaction: inside it, only its own connection may be used.
      const to = await accountEmail(userId);
      const { parts, balance } = await transaction(async (trx) => {
        const split = await takeAndSplit(trx, userId, request.currency, amount, withdrawal.id, locale);
        await record(trx, withdrawal, split);
        await paperwork(trx, withdrawal, split, to);
        return { parts: split, balance: await wallet.balance(userId, request.currency, trx) };
      });
      // After the commit: the provider is asked only for money the database has already taken off the balance.
      await sendRefunds(withdrawal.id);
      const refunds = await repository.refundsOf(withdrawal.id);
      const returned = refunds.filter((refund) => refund.status === "failed").reduce((sum, refund) => sum + refund.amount, 0);
      return {
        withdrawalId: withdrawal.id,
        currency: request.currency,
        amount: toMajor(amount),
        balance: toMajor(balance + returned),
        refunds: refunds.map((refund, index) => ({
          depositId: refund.deposit_id,
          depositedAt: parts[index]?.deposit.createdAt ?? refund.created_at,
          amount: toMajor(refund.amount),
          status: refund.status,
        })),
      };
    },

    sendRefunds,
    settleRefund,

    async settleProviderRefund(ref, outcome) {
      const refund = (ref.refundId ? await repository.findRefund(ref.refundId) : undefined) ?? (await repository.findRefundByProviderRef(ref.providerRef));
      if (!refund) return "unknown";
      if (ref.amount !== undefined && ref.amount !== refund.amount) return "unknown";
      if (refund.provider_ref === null) await repository.setProviderRef(refund.id, ref.providerRef);
      return settleRefund(refund.id, outcome);
    },
  };
}
