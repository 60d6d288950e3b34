import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { problemSchema } from "../../../contract/errors";
import { toMajor } from "../../../contract/money";
import {
  balanceRequestSchema,
  balanceResponseSchema,
  depositDetailsSchema,
  depositParamsSchema,
  depositRequestSchemaFor,
  depositResponseSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
} from "../../../contract/wallet";
import type { DepositLimits } from "../../../contract/wallet";
import { routeGroup } from "../../platform/route-group";
import type { DepositService } from "./deposits.service";
import type { WalletService } from "./wallet.service";
import type { WithdrawalService } from "./withdrawals.service";

/** Transactions shown with a balance. */
const STATEMENT_LENGTH = 50;

export interface WalletRoutesOptions {
  wallet: WalletService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  depositLimits: DepositLimits;
}

export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (
  app,
  { wallet, deposits, withdrawals, depositLimits },
) => {
  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["wallet"] });

  signedIn.post(
    "/balance",
    {
      summary: "My balance in one currency with its most recent transactions",
      body: balanceRequestSchema,
      response: { 200: balanceResponseSchema },
    },
    async ({ user, body: { currency } }) => {
      const [statement, refundable] = await Promise.all([
        wallet.statement(user.id, currency, STATEMENT_LENGTH),
        withdrawals.withdrawable(user.id, currency),
      ]);
      return {
        currency,
        balance: toMajor(statement.balance),
        withdrawable: toMajor(refundable.withdrawable),
        refundableDeposits: refundable.deposits.map((deposit) => ({ depositId: deposit.id, depositedAt: deposit.createdAt, amount: toMajor(deposit.remaining) })),
        transactions: statement.transactions.map((entry) => ({ ...entry, amount: toMajor(entry.amount) })),
      };
    },
  );
  signedIn.post(
    "/balance/deposit",
    {
      summary: "Start a deposit: answers the page where the buyer pays",
      description: `The amount is in major units with at most two decimals, from ${depositLimits.min} to ${depositLimits.max}.`,
      rateLimit: { max: 30, timeWindow: "1 minute" },
      body: depositRequestSchemaFor(depositLimits),
      response: { 200: depositResponseSchema },
    },
    async ({ user, body, locale }) => deposits.create(user.id, body, locale),
  );
  signedIn.post(
    "/balance/withdraw",
    {
      summary: "Withdraw unused balance: paid back to the payments it came from, newest deposits first",
      description:
        "Takes `amount` (major units) off the balance in one transaction with its ledger entry (kind `withdrawal`), a refund receipt and a mail, then asks the payment provider for one refund per deposit (newest first, only what each has not yet given back). A refund the provider refuses returns its amount to the balance (kind `withdrawal_returned`). 400 at `amount` when it is not positive or more than `withdrawable`; 400 under \"\" when nothing can be withdrawn.",
      rateLimit: { max: 30, timeWindow: "1 minute" },
      body: withdrawRequestSchema,
      response: { 200: withdrawResponseSchema, 400: problemSchema },
    },
    async ({ user, body, locale }) => withdrawals.withdraw(user.id, body, locale),
  );
  signedIn.get(
    "/balance/deposits/:depositId",
    {
      summary: "One of my deposits (the page the buyer returns to after paying)",
      params: depositParamsSchema,
      response: { 200: depositDetailsSchema },
    },
    async ({ user, params }) => deposits.details(user.id, params.depositId),
  );
};
