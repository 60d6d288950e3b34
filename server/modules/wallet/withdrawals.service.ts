import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { splitAcrossDeposits, withdrawableOf } from "../../../common/balance-withdrawal";
import type { Currency } from "../../../contract/currency";
import { formatMoney, toMajor, toMinor } from "../../../contract/money";
import type { BalancePolicySettings, WithdrawRequest, WithdrawResponse } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { TransactionOpener } from "../../platform/transactions";
import { lockOpenAccount } from "../accounts";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { PaymentProvider } from "../payments";
import { createWithdrawalRecords } from "./withdrawal-records";
import { createWithdrawalRefunds, type WithdrawalRefunds } from "./withdrawal-refunds";
import type { WalletService } from "./wallet.service";
import { createWithdrawalsRepository, type RefundableDeposit, type WithdrawalRow } from "./withdrawals.repository";

export { WITHDRAWAL_REFUND_JOB } from "./withdrawal-records";

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

export type { RefundOutcome } from "./withdrawal-refunds";

export interface WithdrawalService extends WithdrawalRefunds {
  /** What can be withdrawn now in `currency` (minor units), and what each paid deposit still has to give back, newest first. */
  withdrawable(userId: string, currency: Currency): Promise<{ withdrawable: number; deposits: RefundableDeposit[] }>;
  /** Takes `amount` off the balance and pays it back to the newest deposits' payments (issue 25). */
  withdraw(userId: string, request: WithdrawRequest, locale: Locale): Promise<WithdrawResponse>;
}

function amountOf(request: WithdrawRequest): number {
  const minor = toMinor(request.amount);
  if (minor === null) throw DomainError.field("amount", "validation.twoDecimals");
  if (minor <= 0) throw DomainError.field("amount", "wallet.withdraw.amountPositive");
  return minor;
}

export function createWithdrawalService(deps: WithdrawalDeps): WithdrawalService {
  const { db, wallet, payments, mail, documents, jobs, transaction, clock, accountEmail, policy } = deps;
  const repository = createWithdrawalsRepository(db);
  const refunds = createWithdrawalRefunds({ repository, wallet, payments, transaction });
  const { sendRefunds } = refunds;

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

  const { record, paperwork } = createWithdrawalRecords({ repository, payments, jobs, clock, documents, mail, wallet, policy });

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
      const sent = await repository.refundsOf(withdrawal.id);
      const returned = sent.filter((refund) => refund.status === "failed").reduce((sum, refund) => sum + refund.amount, 0);
      return {
        withdrawalId: withdrawal.id,
        currency: request.currency,
        amount: toMajor(amount),
        balance: toMajor(balance + returned),
        refunds: sent.map((refund, index) => ({
          depositId: refund.deposit_id,
          depositedAt: parts[index]?.deposit.createdAt ?? refund.created_at,
          amount: toMajor(refund.amount),
          status: refund.status,
        })),
      };
    },

    ...refunds,
  };
}
