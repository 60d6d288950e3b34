import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Currency } from "../../../contract/currency";
import type { DocumentSummary } from "../../../contract/documents";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import type { BalanceTransaction } from "../../../contract/wallet";
import { pathInLocale, type Locale } from "../../../common/locales";
import { type Column, DataTable } from "~/components/ui/data-table";
import { FileButton } from "~/components/ui/file-button";
import { documentPath } from "~/lib/document-path";
import { formatDateTime } from "~/lib/format-date";

/**
 * The document of a movement: a deposit's receipt, an order payment's invoice, a refund's (latest) credit note, a
 * withdrawal's refund receipt (a withdrawal returned to the balance has none of its own).
 */
function documentOf(transaction: BalanceTransaction, documents: readonly DocumentSummary[]): DocumentSummary | undefined {
  const kinds: Record<BalanceTransaction["kind"], DocumentSummary["kind"] | undefined> = {
    deposit: "receipt",
    order: "invoice",
    refund: "credit_note",
    adjustment: undefined,
    withdrawal: "refund_receipt",
    withdrawal_returned: undefined,
  };
  const kind = kinds[transaction.kind];
  // A receipt names its deposit and a refund receipt its withdrawal; invoices and credit notes name their order.
  const about = (document: DocumentSummary) =>
    document.kind === "receipt" || document.kind === "refund_receipt"
      ? document.sourceId === transaction.reference
      : document.orderNumber === transaction.reference;
  // Newest first (GET /api/documents): the credit note the API hands for the order is its latest.
  return kind ? documents.find((document) => document.kind === kind && about(document)) : undefined;
}

const API_PATH: Record<DocumentSummary["kind"], (sourceId: string) => string> = {
  receipt: (id) => `/api/balance/deposits/${encodeURIComponent(id)}/receipt`,
  invoice: (id) => `/api/orders/${encodeURIComponent(id)}/invoice`,
  credit_note: (id) => `/api/orders/${encodeURIComponent(id)}/credit-note`,
  refund_receipt: (id) => `/api/balance/withdrawals/${encodeURIComponent(id)}/receipt`,
};

function DocumentCell({ transaction, documents, currency, locale }: { transaction: BalanceTransaction; documents: readonly DocumentSummary[]; currency: Currency; locale: Locale }) {
  const { t } = useTranslation("paperwork");
  const document = documentOf(transaction, documents);
  if (!document) return null;
  const amount = formatMoney(moneyFromApi(Math.abs(transaction.amount), currency), locale);
  const label = t(`documents.numberedOf.${document.kind}`, { number: document.number, amount, date: formatDateTime(transaction.createdAt, locale) });
  return (
    <FileButton look="link" path={documentPath(API_PATH[document.kind](document.sourceId), locale)} label={label}>
      {t(`documents.numbered.${document.kind}`, { number: document.number })}
    </FileButton>
  );
}

/** What moved the balance; an order payment or refund names its order and links to its page. */
function KindCell({ transaction, locale }: { transaction: BalanceTransaction; locale: Locale }) {
  const { t } = useTranslation("balance");
  const { kind, reference } = transaction;
  if (kind !== "order" && kind !== "refund") return t(`transactions.kinds.${kind}`);
  return (
    <Link to={pathInLocale(`/profile/orders/${encodeURIComponent(reference)}`, locale)} className="font-medium text-indigo-700 underline dark:text-indigo-300">
      {t(`transactions.ofOrder.${kind}`, { number: reference })}
    </Link>
  );
}

/** Recent movements of one balance, newest first: what (and which order), when, how much, and its document. */
export function TransactionsList({
  transactions,
  documents,
  currency,
  locale,
}: {
  transactions: BalanceTransaction[];
  /** The customer's documents (GET /api/documents), to link each movement to its own; empty while they load. */
  documents: readonly DocumentSummary[];
  currency: Currency;
  locale: Locale;
}) {
  const { t } = useTranslation("balance");
  const { t: tPaper } = useTranslation("paperwork");
  const columns: Array<Column<BalanceTransaction>> = [
    { id: "date", header: t("transactions.date"), cell: (transaction) => formatDateTime(transaction.createdAt, locale) },
    { id: "kind", header: t("transactions.kind"), cell: (transaction) => <KindCell transaction={transaction} locale={locale} /> },
    {
      id: "amount",
      header: t("transactions.amount"),
      align: "end",
      cell: (transaction) => (
        <span className={transaction.amount < 0 ? "text-slate-700 dark:text-slate-300" : "text-emerald-700 dark:text-emerald-400"}>
          {formatMoney(moneyFromApi(transaction.amount, currency), locale)}
        </span>
      ),
    },
    {
      id: "documents",
      header: tPaper("documents.column"),
      align: "end",
      cell: (transaction) => <DocumentCell transaction={transaction} documents={documents} currency={currency} locale={locale} />,
    },
  ];
  return (
    <DataTable
      caption={t("transactions.heading")}
      columns={columns}
      rows={transactions}
      rowKey={(transaction) => transaction.id}
      empty={t("transactions.none")}
      testId="transactions"
    />
  );
}
