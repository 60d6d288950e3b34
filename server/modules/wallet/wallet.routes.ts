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
import type { DepositService } from "./deposits.service";
import type { WalletService } from "./wallet.service";

/** Transactions shown with a balance. */
const STATEMENT_LENGTH = 50;

export interface WalletRoutesOptions {
  wallet: WalletService;
  deposits: DepositService;
  depositLimits: DepositLimits;
}

export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, { wallet, deposits, depositLimits }) => {
  app.post(
    "/balance",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["wallet"],
        summary: "My balance in one currency with its most recent transactions",
        security: [{ bearer: [] }],
        body: balanceRequestSchema,
        response: { 200: balanceResponseSchema },
      },
    },
    async (request) => {
      const { currency } = request.body;
      const statement = await wallet.statement(request.user!.id, currency, STATEMENT_LENGTH);
      return {
        currency,
        balance: toMajor(statement.balance),
        transactions: statement.transactions.map((entry) => ({ ...entry, amount: toMajor(entry.amount) })),
      };
    },
  );

  app.post(
    "/balance/deposit",
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["wallet"],
        summary: "Start a deposit: answers the page where the buyer pays",
        description: `The amount is in major units with at most two decimals, from ${depositLimits.min} to ${depositLimits.max}.`,
        security: [{ bearer: [] }],
        body: depositRequestSchemaFor(depositLimits),
        response: { 200: depositResponseSchema },
      },
    },
    async (request) => deposits.create(request.user!.id, request.body, request.locale),
  );

  app.get(
    "/balance/deposits/:depositId",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["wallet"],
        summary: "One of my deposits (the page the buyer returns to after paying)",
        security: [{ bearer: [] }],
        params: depositParamsSchema,
        response: { 200: depositDetailsSchema },
      },
    },
    async (request) => deposits.details(request.user!.id, request.params.depositId),
  );
};
