import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  depositParamsSchema,
  sandboxCompleteRequestSchema,
  sandboxCompleteResponseSchema,
  sandboxPaymentSchema,
} from "../../../contract/wallet";
import { routeGroup } from "../../platform/route-group";
import type { DepositService, WithdrawalService } from "../wallet";
import type { PaymentProvider } from "./payment-provider";
import { stripeWebhookRoute } from "./stripe-webhook.routes";

export interface PaymentsRoutesOptions {
  payments: PaymentProvider;
  deposits: DepositService;
  withdrawals: WithdrawalService;
}

/** The routes of the configured provider only: the sandbox pay/decline API, or the Stripe webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { payments, deposits, withdrawals }) => {
  if (payments.name === "stripe") {
    await app.register(stripeWebhookRoute, { stripe: payments, deposits, withdrawals });
    return;
  }
  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["payments"] });

  signedIn.get(
    "/payments/sandbox/:depositId",
    {
      summary: "Sandbox checkout: the deposit to pay (owner only)",
      params: depositParamsSchema,
      response: { 200: sandboxPaymentSchema },
    },
    async ({ user, params }) => deposits.sandboxPayment(user.id, params.depositId),
  );
  signedIn.post(
    "/payments/sandbox/:depositId/complete",
    {
      summary: "Sandbox checkout: pay or decline; paying credits the balance exactly once",
      params: depositParamsSchema,
      body: sandboxCompleteRequestSchema,
      response: { 200: sandboxCompleteResponseSchema },
    },
    async ({ user, params, body }) => deposits.completeSandbox(user.id, params.depositId, body.outcome),
  );
};
