import type { FastifyPluginAsync } from "fastify";
import type Stripe from "stripe";
import type { DepositService } from "../wallet";
import type { StripeProvider } from "./stripe-provider";

/** The deposit a Checkout Session pays for, as put in its metadata when it was created. */
function depositOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.depositId ?? session.client_reference_id ?? null;
}

/**
 * POST /payments/stripe/webhook: Stripe tells us a Checkout Session was paid, failed or expired. The body is kept
 * raw (the signature covers its exact bytes); every event is answered 200 once understood, so Stripe stops resending.
 */
export const stripeWebhookRoute: FastifyPluginAsync<{ stripe: StripeProvider; deposits: DepositService }> = async (app, { stripe, deposits }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post(
    "/payments/stripe/webhook",
    { schema: { tags: ["payments"], summary: "Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)" } },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      const event = stripe.verifyEvent(request.body as Buffer, typeof signature === "string" ? signature : undefined);
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = event.data.object;
          const depositId = depositOf(session);
          if (session.payment_status !== "paid" || !depositId) break;
          const outcome = await deposits.confirmPaid(depositId, { providerRef: session.id, amount: session.amount_total, currency: session.currency });
          if (outcome === "mismatch" || outcome === "unknown") {
            request.log.warn({ eventId: event.id, depositId, outcome }, "stripe payment not credited");
          }
          break;
        }
        case "checkout.session.async_payment_failed":
        case "checkout.session.expired": {
          const session = event.data.object;
          const depositId = depositOf(session);
          if (depositId) await deposits.fail(depositId, event.type === "checkout.session.expired" ? "expired" : "declined", session.id);
          break;
        }
      }
      return { received: true };
    },
  );
};
