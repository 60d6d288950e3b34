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
