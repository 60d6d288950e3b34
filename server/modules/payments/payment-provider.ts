import type { Currency } from "../../../contract/currency";
import type { Config } from "../../config";
import type { Locale } from "../../i18n/messages";
import { createSandboxProvider, type SandboxProvider } from "./sandbox-provider";
import { createStripeProvider, type StripeProvider } from "./stripe-provider";

/** What a provider needs to take a payment for a deposit. */
export interface CheckoutRequest {
  depositId: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  email: string;
  locale: Locale;
}

export interface CheckoutStart {
  /** Where the browser goes to pay. */
  paymentUrl: string;
  /** The provider's id for this payment, when it has one. */
  providerRef: string | null;
}

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
