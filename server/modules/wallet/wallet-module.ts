import type { Kysely } from "kysely";
import { DEFAULT_BALANCE_POLICY, type BalancePolicySettings } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { systemClock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import { createTransactionOpener } from "../../platform/transactions";
import { createDepositService, type DepositService, type DepositServiceDeps } from "./deposits.service";
import { createWalletService, type WalletService } from "./wallet.service";
import { createWithdrawalService, WITHDRAWAL_REFUND_JOB, type WithdrawalService } from "./withdrawals.service";

export interface WalletModuleDeps extends Omit<DepositServiceDeps, "wallet"> {
  db: Kysely<Database>;
  /** Sends a withdrawal's refunds later when the request that made it could not. */
  jobs: JobRunner;
  /** What the balance policy names (WITHDRAWAL_REFUND_DAYS), in the withdrawal mail. */
  balancePolicy?: BalancePolicySettings;
}

export interface WalletModule {
  /** Balances and their ledger, moved inside the caller's money transaction. */
  wallet: WalletService;
  /** Deposits: started with the payment provider, settled once, credited to the wallet with a receipt. */
  deposits: DepositService;
  /** Withdrawals: unused balance paid back to the deposits' payments, newest first (issue 25). */
  withdrawals: WithdrawalService;
}

/** The wallet domain wired once: the wallet, the deposits that credit it and the withdrawals that pay it back. */
export function createWalletModule(deps: WalletModuleDeps): WalletModule {
  const wallet = createWalletService(deps.db, deps.clock);
  const withdrawals = createWithdrawalService({
    ...deps,
    wallet,
    transaction: createTransactionOpener(deps.db),
    clock: deps.clock ?? systemClock,
    policy: deps.balancePolicy ?? DEFAULT_BALANCE_POLICY,
  });
  deps.jobs.register(WITHDRAWAL_REFUND_JOB, async (payload: { withdrawalId: string }) => {
    // Thrown: the provider is still out of reach; the runner tries again with backoff.
    if (!(await withdrawals.sendRefunds(payload.withdrawalId))) throw new Error(`withdrawal ${payload.withdrawalId}: refunds not sent yet`);
  });
  return { wallet, deposits: createDepositService({ ...deps, wallet }), withdrawals };
}
