import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { CurrencyAmount, CustomerListEntry } from "../../../contract/admin-customers";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useLocale } from "~/i18n/use-locale";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";

/** Amounts in several currencies, one a line (a dash when there is none). */
function Amounts({ amounts, testId }: { amounts: CurrencyAmount[]; testId: string }) {
  const { t } = useTranslation("admin-customers");
  const { locale } = useLocale();
  if (amounts.length === 0) return <span data-testid={testId}>{t("columns.none")}</span>;
  return (
    <span className="tabular-nums" data-testid={testId}>
      {amounts.map((amount) => (
        <span key={amount.currency} className="block">{formatMoney(moneyFromApi(amount.amount, amount.currency), locale)}</span>
      ))}
    </span>
  );
}

/** Search customers by email or name (the query is a URL parameter); the newest are listed before any search. */
export function CustomersPage() {
  const { t } = useTranslation("admin-customers");
  const { locale, to } = useLocale();
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, failure, loading, reload } = useApiData<{ items: CustomerListEntry[] }>(`/api/admin/customers?${new URLSearchParams({ q })}`);
  const columns: Array<Column<CustomerListEntry>> = [
    {
      id: "name",
      header: t("columns.name"),
      cell: (customer) => (
        <Link to={to(`/admin/customers/${customer.id}`)} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {customer.name || customer.email}
        </Link>
      ),
    },
    { id: "email", header: t("columns.email"), className: "break-all", cell: (customer) => customer.email },
    { id: "since", header: t("columns.since"), className: "whitespace-nowrap", cell: (customer) => formatDateTime(customer.createdAt, locale) },
    { id: "balance", header: t("columns.balance"), align: "end", className: "whitespace-nowrap", cell: (customer) => <Amounts amounts={customer.balances} testId={`balance-${customer.id}`} /> },
    { id: "spent", header: t("columns.spent"), align: "end", className: "whitespace-nowrap", cell: (customer) => <Amounts amounts={customer.spent} testId={`spent-${customer.id}`} /> },
    { id: "state", header: t("columns.state"), cell: (customer) => (customer.blocked ? t("blocked") : t("active")) },
  ];
  return (
    <section>
      <h1 className="mb-4 text-3xl font-semibold tracking-tight">{t("heading")}</h1>
      <form method="get" className="mb-6 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium">{t("search.label")}</span>
          <span className="block text-slate-600 dark:text-slate-400">{t("search.hint")}</span>
          <input name="q" type="search" defaultValue={q} className="mt-1 w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-900" />
        </label>
        <button type="submit" className="rounded-md border border-slate-400 px-3 py-1.5 text-sm dark:border-slate-600">{t("search.submit")}</button>
      </form>
      {q || !data?.items.length ? null : <h2 className="mb-2 text-lg font-semibold">{t("newest")}</h2>}
      <DataTable
        caption={t("columns.caption")}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(customer) => customer.id}
        empty={t("empty")}
        testId="customers"
        load={{ loading, failure, onRetry: reload, loadingText: t("loading") }}
      />
    </section>
  );
}
