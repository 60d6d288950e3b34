import { z } from "zod";

/** Receipts (deposits), invoices (orders), credit notes (refunds) and refund receipts (balance withdrawals) as the API lists them (CONTRACT-style extra). */
export const DOCUMENT_KINDS = ["receipt", "invoice", "credit_note", "refund_receipt"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documentSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string().describe("e.g. INV-2026-000042; numbers run without gaps per series and year"),
  issuedAt: z.string().describe("ISO-8601 UTC"),
  sourceId: z.string().describe("the deposit id (receipt), order id (invoice, credit note; a deliverable's credit note names its order) or withdrawal id (refund receipt)"),
  orderNumber: z.string().nullable().describe("the order's number (SC-000042) an invoice or credit note is about; null on a receipt or refund receipt"),
  currency: z.string(),
  total: z.number().describe("major units; negative on a credit note"),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
