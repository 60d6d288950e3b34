import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { CustomerListEntry } from "../../../contract/admin-customers";
import { LoadState } from "~/components/ui/load-state";
import { useLocale } from "~/i18n/use-locale";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";

/** Search customers by email or name (the query is a URL parameter); the newest are listed before any search. */
export function CustomersPage() {
  const { t } = useTranslation("admin-customers");
  const { locale, to } = useLocale();
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, failure, loading, reload } = useApiData<{ items: CustomerListEntry[] }>(`/api/admin/customers?${new URLSearchParams({ q })}`);
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
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("loading")} retryText={t("retry")}>
        {data && data.items.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-400 p-6 text-center dark:border-slate-600">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            {q ? null : <h2 className="mb-2 text-lg font-semibold">{t("newest")}</h2>}
            <table className="w-full text-left text-sm" data-testid="customers">
              <caption className="sr-only">{t("columns.caption")}</caption>
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">{t("columns.name")}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t("columns.email")}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t("columns.since")}</th>
                  <th scope="col" className="py-2 font-medium">{t("columns.state")}</th>
                </tr>
              </thead>
              <tbody>
                {data?.items.map((customer) => (
                  <tr key={customer.id} className="border-t border-slate-300 dark:border-slate-800">
                    <td className="py-2 pr-3">
                      <Link to={to(`/admin/customers/${customer.id}`)} className="font-medium text-indigo-700 underline dark:text-indigo-300">{customer.name || customer.email}</Link>
                    </td>
                    <td className="py-2 pr-3 break-all">{customer.email}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(customer.createdAt, locale)}</td>
                    <td className="py-2">{customer.blocked ? t("blocked") : t("active")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LoadState>
    </section>
  );
}
