import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { toMajor } from "../../../contract/money";
import {
  balanceRequestSchema,
  balanceResponseSchema,
  depositDetailsSchema,
  depositParamsSchema,
  depositRequestSchemaFor,
  depositResponseSchema,
} from "../../../contract/wallet";
import type { DepositLimits } from "../../../contract/wallet";
import { routeGroup } from "../../platform/route-group";
import type { DepositService } from "./deposits.service";
import type { WalletService } from "./wallet.service";

/** Transactions shown with a balance. */
const STATEMENT_LENGTH = 50;

export interface WalletRoutesOptions {
  wallet: WalletService;
  deposits: DepositService;
  depositLimits: DepositLimits;
}

export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (
  app,
  { wallet, deposits, depositLimits },
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
      const statement = await wallet.statement(user.id, currency, STATEMENT_LENGTH);
      return {
        currency,
        balance: toMajor(statement.balance),
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
