import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ProductId } from "../../../contract/catalog";
import { translate, type Locale } from "../../i18n/messages";
import { productName } from "../catalog";
import { buyerFrom, inEveryLanguage, type DocumentData, type DocumentLine, type Seller } from "./document-data";
import type { CreditNoteFacts, InvoiceFacts, ReceiptFacts, RefundReceiptFacts } from "./document-facts";
import type { DocumentNumbering } from "./document-numbering";
import type { DocumentRow, DocumentsRepository } from "./documents.repository";
import { splitGross } from "./vat";

/** Issuing runs inside the caller's money transaction. */
export interface DocumentIssuing {
  /** The receipt of a credited deposit. */
  issueReceipt(trx: Kysely<Database>, facts: ReceiptFacts): Promise<DocumentRow>;
  /**
   * The invoice of a paid order, with its lines and the VAT its total includes: the last write of the transaction that
   * creates the order, numbered with its commit (nothing in it reads the invoice afterwards).
   */
  issueInvoice(trx: Kysely<Database>, facts: InvoiceFacts): Promise<void>;
  /**
   * The credit note of a refund: the one function every refund path calls, in the transaction that credits the
   * money back. A full refund repeats the invoice's lines, negative; a partial one has a single line.
   */
  issueCreditNote(trx: Kysely<Database>, facts: CreditNoteFacts): Promise<DocumentRow>;
  /** The refund receipt of a balance withdrawal: what went back to which payment (no VAT, like the top-ups). */
  issueRefundReceipt(trx: Kysely<Database>, facts: RefundReceiptFacts): Promise<DocumentRow>;
}

/** A line worded in every language, shown in `locale` (the document's own). */
function line(text: (locale: Locale) => string, amount: number, locale: Locale): DocumentLine {
  const descriptions = inEveryLanguage(text);
  return { description: descriptions[locale], descriptions, amount };
}

/** A deposit's day as a refund receipt's line names it ("25 November 2026"), in UTC like the document's date. */
function longDateUtc(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

export function createDocumentIssuing(
  { issue, issueWithTheCommit }: DocumentNumbering,
  repository: DocumentsRepository,
  seller: Seller,
): DocumentIssuing {
  const withVat = (total: number) => {
    const split = splitGross(total, seller.vatRateBasisPoints);
    return { total, net: split.net, vat: split.vat, vatRateBasisPoints: seller.vatRateBasisPoints };
  };

  return {
    issueReceipt(trx, facts) {
      return issue(trx, "receipt", facts.depositId, facts, () => ({
        buyer: buyerFrom(facts.billing),
        lines: [line((locale) => translate(locale, "documents.topUp"), facts.amount, facts.locale)],
        total: facts.amount,
        net: null,
        vat: null,
        vatRateBasisPoints: null,
        about: facts.depositId,
        correcting: null,
      }));
    },

    issueRefundReceipt(trx, facts) {
      const total = facts.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      const lines = facts.refunds.map((refund) =>
        line((locale) => translate(locale, "documents.refundToPayment", { date: longDateUtc(refund.depositedAt, locale) }), refund.amount, facts.locale),
      );
      return issue(trx, "refund_receipt", facts.withdrawalId, facts, () => ({
        buyer: buyerFrom(facts.billing),
        lines,
        total,
        net: null,
        vat: null,
        vatRateBasisPoints: null,
        about: facts.withdrawalId,
        correcting: null,
      }));
    },

    issueInvoice(trx, facts) {
      const total = facts.lines.reduce((sum, line) => sum + line.amount, 0);
      return issueWithTheCommit(trx, "invoice", facts.orderId, facts, () => ({
        buyer: buyerFrom(facts.billing),
        lines: facts.lines,
        ...withVat(total),
        about: facts.orderNumber,
        correcting: null,
      }));
    },

    async issueCreditNote(trx, facts) {
      const invoice = await repository.findBySource("invoice", facts.orderId, trx);
      const invoiced = invoice ? (JSON.parse(invoice.data_json) as DocumentData) : null;
      const { deliverable } = facts;
      const lines = deliverable
        ? [
            line(
              (locale) =>
                translate(locale, "documents.refundOfDeliverable", {
                  number: facts.orderNumber,
                  n: deliverable.n,
                  name: productName(deliverable.productId as ProductId, locale),
                }),
              -facts.amount,
              facts.locale,
            ),
          ]
        : invoiced && invoiced.total === facts.amount
          ? invoiced.lines.map((invoicedLine) => ({ ...invoicedLine, amount: -invoicedLine.amount }))
          : [line((locale) => translate(locale, "documents.refundOf", { number: facts.orderNumber }), -facts.amount, facts.locale)];
      return issue(trx, "credit_note", facts.sourceId ?? facts.orderId, facts, () => ({
        buyer: invoiced?.buyer ?? buyerFrom(facts.billing),
        lines,
        ...withVat(-facts.amount),
        about: facts.orderNumber,
        correcting: invoice?.number ?? null,
      }));
    },
  };
}
