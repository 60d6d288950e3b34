import { systemClock } from "../../platform/clock";
import type { DocumentsDeps } from "./document-facts";
import { createDocumentFiles, type DocumentFiles } from "./document-files";
import { createDocumentIssuing, type DocumentIssuing } from "./document-issuing";
import { createDocumentNumbering } from "./document-numbering";
import { createDocumentsRepository } from "./documents.repository";

export type { DocumentRow as IssuedDocument } from "./documents.repository";
export type { DocumentSummary } from "../../../contract/documents";
export type { CreditNoteFacts, DocumentsDeps, InvoiceFacts, ReceiptFacts, RefundReceiptFacts } from "./document-facts";
export { DOCUMENT_ATTACHMENTS } from "./document-files";

/** Receipts, invoices and credit notes: issued in the caller's money transaction, then read by their owner. */
export interface DocumentsService extends DocumentIssuing, DocumentFiles {}

/**
 * Receipts, invoices and credit notes. `issue*` run inside the caller's money transaction: the number comes from the
 * series counter in that same transaction (no gaps, ARCHITECTURE "Money"), and the document's data is frozen as
 * issued. PDFs are rendered from that snapshot; only the owner can fetch them (404 for anyone else).
 */
export function createDocumentsService({ db, seller, clock = systemClock }: DocumentsDeps): DocumentsService {
  const repository = createDocumentsRepository(db);
  const numbering = createDocumentNumbering(repository, seller, clock);
  return { ...createDocumentIssuing(numbering, repository, seller), ...createDocumentFiles(repository) };
}
