import type Stripe from "stripe";
import { loadOnFirstUse } from "../../platform/load-on-first-use";
import { DomainError } from "../../platform/domain-error";
import { RefundRefused, type CheckoutRequest, type CheckoutStart, type RefundAnswer, type RefundRequest } from "./checkout";
import { storePageUrl } from "./store-page-url";
import { translate } from "../../i18n/messages";

export interface StripeProvider {
  name: "stripe";
  /** The official client; tests replace its calls (no network). */
  client: Stripe;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /**
   * A refund of part of a deposit's payment (`stripe.refunds.create`, idempotent per refund id). Throws RefundRefused
   * when Stripe refuses it for good; any other error is an outage (the refund is tried again later).
   */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /** The event of a webhook call after checking its signature; a 400 when the signature does not match. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
}

/** A Stripe refund's status as ours: succeeded, failed (failed or canceled), or still pending. */
export function refundStatus(status: string | null | undefined): RefundAnswer["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/** What the buyer reads on Stripe's page. */
function productName(request: CheckoutRequest): string {
  return translate(request.locale, request.purpose === "order" ? "wallet.paymentPage.difference" : "wallet.paymentPage.topUp");
}

/** PAYMENT_PROVIDER=stripe: a Checkout Session per deposit; the webhook tells us when it is paid or expired. */
export function createStripeProvider(options: StripeOptions): StripeProvider {
  // The SDK loads with the provider: a store on the sandbox never loads it.
  const StripeClient = loadOnFirstUse("stripe") as typeof Stripe;
  const client = new StripeClient(options.secretKey);

  const openSession = async (request: CheckoutRequest): Promise<CheckoutStart> => {
    // A top-up returns to the balance; an order's shortfall to the cart, which places the order (or says why not).
    const back = (query: Record<string, string>) =>
      request.purpose === "order"
        ? storePageUrl(options.publicUrl, request.locale, `/cart?${new URLSearchParams({ checkout: request.depositId, ...query })}`)
        : storePageUrl(options.publicUrl, request.locale, `/profile/balance?${new URLSearchParams({ deposit: request.depositId, ...query })}`);
    const session = await client.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amount,
              product_data: { name: productName(request) },
            },
          },
        ],
        customer_email: request.email,
        locale: request.locale,
        client_reference_id: request.depositId,
        metadata: { depositId: request.depositId },
        success_url: back({}),
        cancel_url: back({ outcome: "cancelled" }),
      },
      { idempotencyKey: `deposit-${request.depositId}` },
    );
    if (!session.url) throw new Error(`Stripe Checkout Session ${session.id} has no url`);
    return { paymentUrl: session.url, providerRef: session.id };
  };

  const paymentIntentOf = async (request: RefundRequest): Promise<string | null> => {
    if (request.paymentRef) return request.paymentRef;
    if (!request.checkoutRef) return null;
    const session = await client.checkout.sessions.retrieve(request.checkoutRef);
    return typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  };
  const refund = async (request: RefundRequest): Promise<RefundAnswer> => {
    const paymentIntent = await paymentIntentOf(request);
    if (!paymentIntent) throw new RefundRefused(`deposit payment of refund ${request.refundId} has no PaymentIntent`);
    try {
      const answer = await client.refunds.create(
        { payment_intent: paymentIntent, amount: request.amount, metadata: { withdrawalId: request.withdrawalId, refundId: request.refundId } },
        { idempotencyKey: `withdrawal-refund-${request.refundId}` },
      );
      return { providerRef: answer.id, status: refundStatus(answer.status) };
    } catch (error) {
      // Stripe answered and said no (already refunded, payment too old…): final. Anything else may be tried again.
      if (error instanceof StripeClient.errors.StripeInvalidRequestError || error instanceof StripeClient.errors.StripeCardError) {
        throw new RefundRefused(error.message, { cause: error });
      }
      throw error;
    }
  };
  return {
    name: "stripe",
    client,
    refund,

    async startCheckout(request) {
      try {
        return await openSession(request);
      } catch (error) {
        if (!(error instanceof StripeClient.errors.StripeError)) throw error;
        // Stripe is unreachable or refused the request: the buyer may try again later; the cause goes to the log.
        throw new DomainError("unavailable", { detail: { key: "wallet.providerUnavailable" }, cause: error });
      }
    },

    verifyEvent(rawBody, signature) {
      if (!signature) throw DomainError.field("", "wallet.badSignature");
      try {
        return client.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw DomainError.field("", "wallet.badSignature");
      }
    },
  };
}
