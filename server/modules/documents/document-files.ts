import type { DocumentSummary } from "../../../contract/documents";
import { translate, type Locale } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import type { MailAttachment, OutgoingMail, RenderedAttachment } from "../mail";
import { inLanguage, type DocumentData } from "./document-data";
import type { DocumentRow, DocumentsRepository } from "./documents.repository";
import type { DocumentKind } from "./documents.tables";

/** The source name documents register with the mail service for attachments by reference. */
export const DOCUMENT_ATTACHMENTS = "document";

/** Issued documents as their owner reads them: PDFs, mail attachments and the list. */
export interface DocumentFiles {
  /**
   * The PDF of the owner's document of `kind` for a deposit or order; 404 when there is none or it is not theirs. In
   * `locale` when given (the same number and figures, the words of that language), else in the language it was issued in.
   */
  pdfFor(userId: string, kind: DocumentKind, sourceId: string, locale?: Locale): Promise<MailAttachment & { number: string }>;
  /** A just-issued document as a mail attachment. */
  attachment(row: DocumentRow): Promise<MailAttachment>;
  /**
   * The PDF of the document `id` for a mail rendered after the commit (the mail module's attachment source), with the
   * line naming it in the mail's `locale`; null once gone.
   */
  attachmentById(id: string, locale: Locale): Promise<RenderedAttachment | null>;
  /**
   * `message` with the document `id` attached as a PDF and a line saying so under its text. Only the reference is
   * added: the PDF and the line (with the document's number) are rendered with the mail, after the transaction that
   * issued the document has committed; so the document may be issued after the mail is stored, in the same transaction.
   */
  attached<M extends OutgoingMail>(message: M, document: Pick<DocumentRow, "id">): M;
  /** The owner's documents, newest first. */
  listFor(userId: string): Promise<DocumentSummary[]>;
}

function fileName(row: DocumentRow, data: DocumentData): string {
  return `${translate(data.locale, `documents.fileName.${row.kind}`)}-${row.number}.pdf`;
}

/** The deposit or order a document is about (its source up to the first ":"). */
const aboutOf = (sourceId: string) => sourceId.split(":")[0] ?? sourceId;

function summary(row: DocumentRow): DocumentSummary {
  const data = JSON.parse(row.data_json) as DocumentData;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issued_at,
    // A deliverable's refund or credit is `<order id>:<adjustment id>`: the summary names the order it is about.
    sourceId: aboutOf(row.source_id),
    // A receipt is about a deposit and a refund receipt about a withdrawal: neither has an order.
    orderNumber: row.kind === "receipt" || row.kind === "refund_receipt" ? null : data.about,
    currency: data.currency,
    total: data.total / 100,
  };
}

/** PDFs are rendered from the document's frozen data; only the owner can fetch them (404 for anyone else). */
export function createDocumentFiles(repository: DocumentsRepository): DocumentFiles {
  const attachment = async (row: DocumentRow, locale?: Locale): Promise<MailAttachment> => {
    const issued = JSON.parse(row.data_json) as DocumentData;
    const data = locale ? inLanguage(issued, locale) : issued;
    return {
      fileName: fileName(row, data),
      contentType: "application/pdf",
      // pdfkit and its fonts load with the first document, not at start.
      content: await (await import("./document-pdf")).renderDocumentPdf(data),
    };
  };

  return {
    async pdfFor(userId, kind, sourceId, locale) {
      const row = kind === "credit_note" ? await repository.latestAbout(kind, sourceId) : await repository.findBySource(kind, sourceId);
      if (!row || row.user_id !== userId) throw DomainError.notFound();
      return { ...(await attachment(row, locale)), number: row.number };
    },

    attachment: (row) => attachment(row),

    async attachmentById(id, locale) {
      const row = await repository.findById(id);
      if (!row) return null;
      return { ...(await attachment(row)), note: translate(locale, `documents.mailAttached.${row.kind}`, { number: row.number }) };
    },

    attached(message, document) {
      return { ...message, attach: [...(message.attach ?? []), { source: DOCUMENT_ATTACHMENTS, id: document.id }] };
    },

    async listFor(userId) {
      return (await repository.listForUser(userId)).map(summary);
    },
  };
}
