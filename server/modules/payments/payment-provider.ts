import type { Config } from "../../config";
import { createSandboxProvider, type SandboxProvider } from "./sandbox-provider";
import { createStripeProvider, type StripeProvider } from "./stripe-provider";

export type { CheckoutRequest, CheckoutStart } from "./checkout";

/** Takes the money for a deposit: the store's own sandbox page, or Stripe Checkout (PAYMENT_PROVIDER). */
export type PaymentProvider = SandboxProvider | StripeProvider;

export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "stripe") {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? "",
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? "",
      publicUrl: config.publicUrl,
    });
  }
  return createSandboxProvider({ publicUrl: config.publicUrl });
}
