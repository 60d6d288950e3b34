import type { PricesResponse } from "../contract/catalog";
import type { Currency } from "../contract/currency";

/**
 * What the server hands to route loaders (React Router's load context). Public-page loaders call these in-process
 * instead of going over HTTP; nothing here depends on who is signed in.
 */
export interface PageContext {
  /** CSP nonce of this response; every inline script carries it. */
  nonce: string;
  publicUrl: string;
  buildPollSeconds: number;
  /** DEPOSIT_MIN and DEPOSIT_MAX in major units: the deposit form names them before anything is typed. */
  depositLimits: { min: number; max: number };
  prices(currency: Currency): Promise<PricesResponse>;
}
