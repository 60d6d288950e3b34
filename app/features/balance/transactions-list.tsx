import { useTranslation } from "react-i18next";
import type { Currency } from "../../../contract/currency";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import type { BalanceTransaction } from "../../../contract/wallet";
import type { Locale } from "../../../common/locales";
import { FileButton } from "~/components/ui/file-button";
import { formatDateTime } from "~/lib/format-date";

/** Recent movements of one balance, newest first: what, when, how much. */
export function TransactionsList({ transactions, currency, locale }: { transactions: BalanceTransaction[]; currency: Currency; locale: Locale }) {
  const { t } = useTranslation("balance");
  const { t: tPaper } = useTranslation("paperwork");
  if (transactions.length === 0) return <p className="text-slate-600 dark:text-slate-400">{t("transactions.none")}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="transactions">
      <caption className="sr-only">{t("transactions.heading")}</caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-2 font-medium">{t("transactions.date")}</th>
          <th scope="col" className="py-2 font-medium">{t("transactions.kind")}</th>
          <th scope="col" className="py-2 text-right font-medium">{t("transactions.amount")}</th>
          <th scope="col" className="py-2 pl-4 text-right font-medium">{tPaper("documents.column")}</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((transaction) => {
          const amount = formatMoney(moneyFromApi(transaction.amount, currency), locale);
          const date = formatDateTime(transaction.createdAt, locale);
          return (
            <tr key={transaction.id} className="border-t border-slate-300 dark:border-slate-800">
              <td className="py-2">{date}</td>
              <td className="py-2">{t(`transactions.kinds.${transaction.kind}`)}</td>
              <td className={`py-2 text-right tabular-nums ${transaction.amount < 0 ? "text-slate-700 dark:text-slate-300" : "text-emerald-700 dark:text-emerald-400"}`}>
                {amount}
              </td>
              <td className="py-2 pl-4 text-right">
                {transaction.kind === "deposit" ? (
                  <FileButton
                    look="link"
                    path={`/api/balance/deposits/${encodeURIComponent(transaction.reference)}/receipt`}
                    label={tPaper("documents.receiptOf", { amount, date })}
                  >
                    {tPaper("documents.receipt")}
                  </FileButton>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
