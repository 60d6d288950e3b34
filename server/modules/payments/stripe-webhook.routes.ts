import type { FastifyPluginAsync } from "fastify";
import type Stripe from "stripe";
import type { DepositService, WithdrawalService } from "../wallet";
import { refundStatus, type StripeProvider } from "./stripe-provider";

/** The deposit a Checkout Session pays for, as put in its metadata when it was created. */
function depositOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.depositId ?? session.client_reference_id ?? null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** A refund Stripe reports (alone, or among a charge's): ends our refund once when Stripe says it succeeded or failed. */
async function settleRefund(withdrawals: WithdrawalService, refund: Stripe.Refund): Promise<string> {
  const outcome = refundStatus(refund.status);
  if (outcome === "pending") return "pending";
  return withdrawals.settleProviderRefund({ providerRef: refund.id, refundId: refund.metadata?.refundId, amount: refund.amount }, outcome);
}

/** What a refund event carries: one refund (`refund.*`, `charge.refund.updated`) or a charge with its refunds (`charge.refunded`). */
function refundsOf(event: Stripe.Event): Stripe.Refund[] {
  switch (event.type) {
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated":
      return [event.data.object];
    case "charge.refunded":
      return event.data.object.refunds?.data ?? [];
    default:
      return [];
  }
}

/**
 * POST /payments/stripe/webhook: Stripe tells us a Checkout Session was paid, failed or expired, or how a refund of
 * a withdrawal ended. The body is kept raw (the signature covers its exact bytes); every event is answered 200 once
 * understood, so Stripe stops resending.
 */
export const stripeWebhookRoute: FastifyPluginAsync<{ stripe: StripeProvider; deposits: DepositService; withdrawals: WithdrawalService }> = async (
  app,
  { stripe, deposits, withdrawals },
) => {
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
          const payment = { providerRef: session.id, amount: session.amount_total, currency: session.currency, paymentRef: idOf(session.payment_intent) };
          const outcome = await deposits.confirmPaid(depositId, payment);
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
        default:
          for (const refund of refundsOf(event)) {
            const outcome = await settleRefund(withdrawals, refund);
            if (outcome === "unknown") request.log.warn({ eventId: event.id, refundId: refund.id }, "stripe refund not ours");
          }
      }
      return { received: true };
    },
  );
};
