import type { PricesResponse, ProductId } from "../contract/catalog";
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
  prices(currency: Currency): Promise<PricesResponse>;
  /** What each product promises as the database holds it (staff may change it): turnaround days, revision rounds. */
  productTerms(): Promise<Record<ProductId, { turnaroundDays: number; revisionRounds: number }>>;
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
