import type { Currency } from "../../contract/currency-codes";
import type { Locale } from "../../common/locales";

/** What the root loader gives every page (nothing that depends on who is signed in: pages are cached). */
export interface RootData {
  locale: Locale;
  currency: Currency;
  publicUrl: string;
  buildPollSeconds: number;
  /** DEPOSIT_MIN and DEPOSIT_MAX, major units. */
  depositLimits: { min: number; max: number };
  /** VAT_RATE in basis points (21 % = 2100). */
  vatRateBasisPoints: number;
}
