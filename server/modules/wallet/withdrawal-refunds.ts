import type { Currency } from "../../../contract/currency";
import type { TransactionOpener } from "../../platform/transactions";
import { RefundRefused, type PaymentProvider } from "../payments";
import type { WalletService } from "./wallet.service";
import type { WithdrawalRefundRow, WithdrawalRow, WithdrawalsRepository } from "./withdrawals.repository";

/** How a refund ended, as the provider (or its webhook) says: applied once, `unchanged` every later time. */
export type RefundOutcome = "succeeded" | "failed";

/** A withdrawal's provider refunds: sent after the commit, ended exactly once. */
export interface WithdrawalRefunds {
  /** Sends the withdrawal's refunds the provider has not answered yet; true when none is left to send. */
  sendRefunds(withdrawalId: string): Promise<boolean>;
  /** A refund ended (provider answer or webhook): exactly once; a failed one puts its amount back on the balance. */
  settleRefund(refundId: string, outcome: RefundOutcome): Promise<"settled" | "unchanged" | "unknown">;
  /** The webhook's way in: the refund by the provider's id or by ours (its metadata). */
  settleProviderRefund(ref: { providerRef: string; refundId?: string; amount?: number }, outcome: RefundOutcome): Promise<"settled" | "unchanged" | "unknown">;
}

export interface WithdrawalRefundsDeps {
  repository: WithdrawalsRepository;
  wallet: WalletService;
  payments: PaymentProvider;
  transaction: TransactionOpener;
}

/**
 * Each refund ends once: a conditional UPDATE (pending → succeeded or failed) in the same transaction as the credit
 * that returns a failed refund's amount, so a provider answer and any number of webhook deliveries, even at once,
 * change the balance at most once.
 */
export function createWithdrawalRefunds({ repository, wallet, payments, transaction }: WithdrawalRefundsDeps): WithdrawalRefunds {
  const settleRefund: WithdrawalRefunds["settleRefund"] = async (refundId, outcome) =>
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

  const sendRefunds: WithdrawalRefunds["sendRefunds"] = async (withdrawalId) => {
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
