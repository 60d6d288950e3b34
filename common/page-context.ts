import type { PricesResponse } from "../contract/catalog";
import type { Currency } from "../contract/currency";
import type { BalancePolicySettings } from "../contract/wallet";

/**
 * What the server hands to route loaders (React Router's load context). Public-page loaders call these in-process
 * instead of going over HTTP; nothing here depends on who is signed in.
 */
export interface PageContext {
  /** CSP nonce of this response; every inline script carries it. */
  nonce: string;
  publicUrl: string;
  /** The built stylesheet's bytes, inline in every page's head (absent in development, where Vite serves it). */
  stylesheet?: Uint8Array;
  buildPollSeconds: number;
  /** DEPOSIT_MIN and DEPOSIT_MAX in major units: the deposit form names them before anything is typed. */
  depositLimits: { min: number; max: number };
  /** What the balance policy names (content/policies/balance-withdrawal.ts): WITHDRAWAL_REFUND_DAYS. */
  balancePolicy: BalancePolicySettings;
  /** VAT_RATE in basis points (21 % = 2100): the VAT every price includes, shown in the cart as the invoice will print it. */
  vatRateBasisPoints: number;
  prices(currency: Currency): Promise<PricesResponse>;
  /**
   * Where every promise of the copy comes from: each product's terms as the database holds them (staff may change
   * them: turnaround days, revision rounds, revision days) and the review window of the settings (REVIEW_DAYS): the
   * `PromiseSource` of content/promises.ts.
   */
  promises(): Promise<{
    terms: Readonly<Record<string, { turnaroundDays: number; revisionRounds: number; revisionDays: number }>>;
    reviewDays: number;
    /** The on-time guarantee's percent (ON_TIME_CREDIT_PERCENT): the terms and the service pages state it (issue 28). */
    onTimeCreditPercent?: number;
  }>;
  /**
   * Route actions (a form posted without JavaScript, or before the page's script has loaded) send their request
   * through the API in-process: the same validation, rate limits (keyed by the visitor's address), messages in
   * `locale` and error shape as a browser's `fetch`. `path` starts with `/api/`; the answer is the API's own.
   */
  postApi(path: string, body: unknown, locale: string): Promise<Response>;
  /**
   * Set by the server entry when a document is rendered: the Response it returned (status and headers, no body) and
   * the HTML bytes, which the server sends to the Node response as they are (no Web stream in between).
   */
  rendered?: { response: Response; body: Uint8Array };
}
