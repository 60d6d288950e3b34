import { useTranslation } from "react-i18next";
import type { Currency } from "../../../contract/currency";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import type { BalanceTransaction } from "../../../contract/wallet";
import type { Locale } from "../../../common/locales";
import { type Column, DataTable } from "~/components/ui/data-table";
import { FileButton } from "~/components/ui/file-button";
import { formatDateTime } from "~/lib/format-date";

/** Recent movements of one balance, newest first: what, when, how much. */
export function TransactionsList({ transactions, currency, locale }: { transactions: BalanceTransaction[]; currency: Currency; locale: Locale }) {
  const { t } = useTranslation("balance");
  const { t: tPaper } = useTranslation("paperwork");
  const columns: Array<Column<BalanceTransaction>> = [
    { id: "date", header: t("transactions.date"), cell: (transaction) => formatDateTime(transaction.createdAt, locale) },
    { id: "kind", header: t("transactions.kind"), cell: (transaction) => t(`transactions.kinds.${transaction.kind}`) },
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
      cell: (transaction) => {
        const facts = { amount: formatMoney(moneyFromApi(Math.abs(transaction.amount), currency), locale), date: formatDateTime(transaction.createdAt, locale) };
        if (transaction.kind === "deposit") {
          return (
            <FileButton look="link" path={`/api/balance/deposits/${encodeURIComponent(transaction.reference)}/receipt`} label={tPaper("documents.receiptOf", facts)}>
              {tPaper("documents.receipt")}
            </FileButton>
          );
        }
        if (transaction.kind === "withdrawal") {
          return (
            <FileButton look="link" path={`/api/balance/withdrawals/${encodeURIComponent(transaction.reference)}/receipt`} label={t("withdraw.receiptOf", facts)}>
              {tPaper("documents.refundReceipt")}
            </FileButton>
          );
        }
        return null;
      },
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
