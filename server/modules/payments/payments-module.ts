import type { Config } from "../../config";
import { createPaymentProvider, type PaymentProvider } from "./payment-provider";

export interface PaymentsModuleDeps {
  /** PAYMENT_PROVIDER and the Stripe keys choose the provider. */
  config: Config;
}

export interface PaymentsModule {
  /** Stripe, or the sandbox outside production. */
  payments: PaymentProvider;
}

/** The payments domain wired once (a single provider). */
export function createPaymentsModule({ config }: PaymentsModuleDeps): PaymentsModule {
  return { payments: createPaymentProvider(config) };
}
