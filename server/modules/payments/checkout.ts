import type { Currency } from "../../../contract/currency";
import type { Locale } from "../../i18n/messages";

/** What a provider needs to take a payment for a deposit. */
export interface CheckoutRequest {
  depositId: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  email: string;
  locale: Locale;
  /** `order`: the deposit pays an order's shortfall, and the buyer returns to the cart instead of the balance. */
  purpose: "top-up" | "order";
}

export interface CheckoutStart {
  /** Where the browser goes to pay. */
  paymentUrl: string;
  /** The provider's id for this payment, when it has one. */
  providerRef: string | null;
}

/** What a provider needs to pay part of a withdrawal back to the payment of one deposit. */
export interface RefundRequest {
  /** Our id for this refund: the idempotency key, and the metadata the provider's webhook sends back. */
  refundId: string;
  withdrawalId: string;
  /** The deposit's payment at the provider: its Checkout Session, and its PaymentIntent when known. */
  checkoutRef: string | null;
  paymentRef: string | null;
  /** Minor units. */
  amount: number;
  currency: Currency;
}

/** The provider's answer: its refund id, and whether the refund has already ended. */
export interface RefundAnswer {
  providerRef: string;
  status: "pending" | "succeeded" | "failed";
}

/** The provider refused the refund for good (not an outage): the money goes back to the balance. */
export class RefundRefused extends Error {}
