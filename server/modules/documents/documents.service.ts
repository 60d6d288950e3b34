import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { DocumentSummary } from "../../../contract/documents";
import type { Database } from "../../db/schema";
import { translate, type Locale } from "../../i18n/messages";
import { systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { MailAttachment, OutgoingMail } from "../mail";
import { buyerFrom, type Buyer, type DocumentData, type DocumentLine, type Seller } from "./document-data";
import { createDocumentsRepository, type DocumentRow } from "./documents.repository";
import type { DocumentKind } from "./documents.tables";
import { splitGross } from "./vat";

export type { DocumentRow as IssuedDocument } from "./documents.repository";
export type { DocumentSummary } from "../../../contract/documents";

/** The source name documents register with the mail service for attachments by reference. */
export const DOCUMENT_ATTACHMENTS = "document";

const SERIES_PREFIX: Record<DocumentKind, string> = { receipt: "R", invoice: "INV", credit_note: "CN" };

export interface DocumentsDeps {
  db: Kysely<Database>;
  seller: Seller;
  clock?: Clock;
}

interface Common {
  userId: string;
  currency: Currency;
  locale: Locale;
  /** The billing fields sent with the deposit or order. */
  billing: Partial<Buyer>;
}

export interface ReceiptFacts extends Common {
  depositId: string;
  /** Minor units credited. */
  amount: number;
}

export interface InvoiceFacts extends Common {
  orderId: string;
  orderNumber: string;
  /** Gross minor units per line, described in the order's language. */
  lines: DocumentLine[];
}

export interface CreditNoteFacts extends Common {
  orderId: string;
  orderNumber: string;
  /** Positive minor units returned to the balance. */
  amount: number;
}

function fileName(row: DocumentRow, data: DocumentData): string {
  return `${translate(data.locale, `documents.fileName.${row.kind}`)}-${row.number}.pdf`;
}

/**
 * Receipts, invoices and credit notes. `issue*` run inside the caller's money transaction: the number comes from the
 * series counter in that same transaction (no gaps, ARCHITECTURE "Money"), and the document's data is frozen as
 * issued. PDFs are rendered from that snapshot; only the owner can fetch them (404 for anyone else).
 */
export function createDocumentsService({ db, seller, clock = systemClock }: DocumentsDeps) {
  const repository = createDocumentsRepository(db);

  const issue = async (
    trx: Kysely<Database>,
    kind: DocumentKind,
    sourceId: string,
    common: Common,
    build: (
      number: string,
      issuedAt: string,
    ) => Omit<DocumentData, "kind" | "number" | "issuedAt" | "locale" | "currency" | "seller">,
  ): Promise<DocumentRow> => {
    const existing = await repository.findBySource(kind, sourceId, trx);
    if (existing) return existing;
    const at = clock.now();
    const series = `${SERIES_PREFIX[kind]}-${at.getUTCFullYear()}`;
    const seq = await repository.nextNumber(series, trx);
    const number = `${series}-${String(seq).padStart(6, "0")}`;
    const issuedAt = at.toISOString();
    const data: DocumentData = {
      kind,
      number,
      issuedAt,
      locale: common.locale,
      currency: common.currency,
      seller,
      ...build(number, issuedAt),
    };
    const row: DocumentRow = {
      id: randomUUID(),
      user_id: common.userId,
      kind,
      series,
      seq,
      number,
      source_id: sourceId,
      data_json: JSON.stringify(data),
      issued_at: issuedAt,
    };
    await repository.insert(row, trx);
    return row;
  };

  const withVat = (total: number) => {
    const split = splitGross(total, seller.vatRateBasisPoints);
    return { total, net: split.net, vat: split.vat, vatRateBasisPoints: seller.vatRateBasisPoints };
  };

  const summary = (row: DocumentRow): DocumentSummary => {
    const data = JSON.parse(row.data_json) as DocumentData;
    return {
      id: row.id,
      kind: row.kind,
      number: row.number,
      issuedAt: row.issued_at,
      sourceId: row.source_id,
      currency: data.currency,
      total: data.total / 100,
    };
  };

  const attachment = async (row: DocumentRow): Promise<MailAttachment> => {
    const data = JSON.parse(row.data_json) as DocumentData;
    return {
      fileName: fileName(row, data),
      contentType: "application/pdf",
      // pdfkit and its fonts load with the first document, not at start.
      content: await (await import("./document-pdf")).renderDocumentPdf(data),
    };
  };

  return {
    /** The receipt of a credited deposit. */
    issueReceipt(trx: Kysely<Database>, facts: ReceiptFacts): Promise<DocumentRow> {
      return issue(trx, "receipt", facts.depositId, facts, () => ({
        buyer: buyerFrom(facts.billing),
        lines: [{ description: translate(facts.locale, "documents.topUp"), amount: facts.amount }],
        total: facts.amount,
        net: null,
        vat: null,
        vatRateBasisPoints: null,
        about: facts.depositId,
        correcting: null,
      }));
    },

    /** The invoice of a paid order, with its lines and the VAT its total includes. */
    issueInvoice(trx: Kysely<Database>, facts: InvoiceFacts): Promise<DocumentRow> {
      const total = facts.lines.reduce((sum, line) => sum + line.amount, 0);
      return issue(trx, "invoice", facts.orderId, facts, () => ({
        buyer: buyerFrom(facts.billing),
        lines: facts.lines,
        ...withVat(total),
        about: facts.orderNumber,
        correcting: null,
      }));
    },

    /**
     * The credit note of a refund: the one function every refund path calls, in the transaction that credits the
     * money back. A full refund repeats the invoice's lines, negative; a partial one has a single line.
     */
    async issueCreditNote(trx: Kysely<Database>, facts: CreditNoteFacts): Promise<DocumentRow> {
      const invoice = await repository.findBySource("invoice", facts.orderId, trx);
      const invoiced = invoice ? (JSON.parse(invoice.data_json) as DocumentData) : null;
      const lines =
        invoiced && invoiced.total === facts.amount
          ? invoiced.lines.map((line) => ({ description: line.description, amount: -line.amount }))
          : [
              {
                description: translate(facts.locale, "documents.refundOf", { number: facts.orderNumber }),
                amount: -facts.amount,
              },
            ];
      return issue(trx, "credit_note", facts.orderId, facts, () => ({
        buyer: invoiced?.buyer ?? buyerFrom(facts.billing),
        lines,
        ...withVat(-facts.amount),
        about: facts.orderNumber,
        correcting: invoice?.number ?? null,
      }));
    },

    /** The PDF of the owner's document of `kind` for a deposit or order; 404 when there is none or it is not theirs. */
    async pdfFor(userId: string, kind: DocumentKind, sourceId: string): Promise<MailAttachment & { number: string }> {
      const row = await repository.findBySource(kind, sourceId);
      if (!row || row.user_id !== userId) throw DomainError.notFound();
      return { ...(await attachment(row)), number: row.number };
    },

    /** A just-issued document as a mail attachment. */
    attachment,

    /** The PDF of the document `id` for a mail rendered after the commit (`mail.attachmentSource`); null once gone. */
    async attachmentById(id: string): Promise<MailAttachment | null> {
      const row = await repository.findById(id);
      return row ? attachment(row) : null;
    },

    /**
     * `message` with the document attached as a PDF and a line saying so under its text. Only the reference is
     * added: the PDF is rendered with the mail, after the transaction that issued the document has committed.
     */
    attached<M extends OutgoingMail>(message: M, row: DocumentRow, locale: Locale): M {
      const note = translate(locale, `documents.mailAttached.${row.kind}`, { number: row.number });
      const attach = [...(message.attach ?? []), { source: DOCUMENT_ATTACHMENTS, id: row.id }];
      if ("template" in message) return { ...message, notes: [...(message.notes ?? []), note], attach };
      return { ...message, text: `${message.text}\n\n${note}`, attach };
    },

    /** The owner's documents, newest first. */
    async listFor(userId: string): Promise<DocumentSummary[]> {
      return (await repository.listForUser(userId)).map(summary);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
