import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import type { Buyer, DocumentLine, Seller } from "./document-data";

export interface DocumentsDeps {
  db: Kysely<Database>;
  seller: Seller;
  clock?: Clock;
}

/** What every document is issued with. */
export interface DocumentCommon {
  userId: string;
  currency: Currency;
  locale: Locale;
  /** The billing fields sent with the deposit or order. */
  billing: Partial<Buyer>;
  /** The document's id when the caller chose it before issuing (a mail stored earlier in the transaction attaches it). */
  id?: string;
}

export interface ReceiptFacts extends DocumentCommon {
  depositId: string;
  /** Minor units credited. */
  amount: number;
}

export interface InvoiceFacts extends DocumentCommon {
  orderId: string;
  orderNumber: string;
  /** Gross minor units per line, described in the order's language. */
  lines: DocumentLine[];
}

export interface CreditNoteFacts extends DocumentCommon {
  orderId: string;
  orderNumber: string;
  /** Positive minor units returned to the balance. */
  amount: number;
  /** What the credit note is the document of: a deliverable's refund or credit (its adjustment's id); the order's id by default. */
  sourceId?: string;
  /** The deliverable the money was given back on, named on the credit note's line. */
  deliverable?: { n: number; productId: string };
}

export interface RefundReceiptFacts extends DocumentCommon {
  withdrawalId: string;
  /** One per deposit paid back: when it was paid and the positive minor units going back to it (a line each, worded in every language). */
  refunds: Array<{ depositedAt: string; amount: number }>;
}
