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
  prices(currency: Currency): Promise<PricesResponse>;
  /**
   * Set by the server entry when a document is rendered: the Response it returned (status and headers, no body) and
   * the HTML bytes, which the server sends to the Node response as they are (no Web stream in between).
   */
  rendered?: { response: Response; body: Uint8Array };
}
