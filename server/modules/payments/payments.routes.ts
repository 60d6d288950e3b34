import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  depositParamsSchema,
  sandboxCompleteRequestSchema,
  sandboxCompleteResponseSchema,
  sandboxPaymentSchema,
} from "../../../contract/wallet";
import type { DepositService } from "../wallet";
import type { PaymentProvider } from "./payment-provider";
import { stripeWebhookRoute } from "./stripe-webhook.routes";

export interface PaymentsRoutesOptions {
  payments: PaymentProvider;
  deposits: DepositService;
}

/** The routes of the configured provider only: the sandbox pay/decline API, or the Stripe webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { payments, deposits }) => {
  if (payments.name === "stripe") {
    await app.register(stripeWebhookRoute, { stripe: payments, deposits });
    return;
  }

  app.get(
    "/payments/sandbox/:depositId",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["payments"],
        summary: "Sandbox checkout: the deposit to pay (owner only)",
        security: [{ bearer: [] }],
        params: depositParamsSchema,
        response: { 200: sandboxPaymentSchema },
      },
    },
    async (request) => deposits.sandboxPayment(request.user!.id, request.params.depositId),
  );

  app.post(
    "/payments/sandbox/:depositId/complete",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["payments"],
        summary: "Sandbox checkout: pay or decline; paying credits the balance exactly once",
        security: [{ bearer: [] }],
        params: depositParamsSchema,
        body: sandboxCompleteRequestSchema,
        response: { 200: sandboxCompleteResponseSchema },
      },
    },
    async (request) => deposits.completeSandbox(request.user!.id, request.params.depositId, request.body.outcome),
  );
};
