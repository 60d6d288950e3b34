import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { AdminOrderPage, StaffMember } from "../../../contract/admin-orders";
import { PRODUCT_IDS } from "../../../contract/catalog";
import { CURRENCIES } from "../../../contract/currency";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { ORDER_STATUSES } from "../../../contract/orders";
import { roleAtLeast } from "../../../contract/staff";
import { FormAlert } from "~/components/ui/form-alert";
import { useLocale } from "~/i18n/use-locale";
import { saveApiFile } from "~/lib/api/save-file";
import { formatDateTime } from "~/lib/format-date";
import { useViewerRole } from "~/lib/auth/staff-role";
import { useProductName } from "~/lib/product-name";
import { inputClass, Loading, primaryButton, secondaryButton } from "./admin-frame";
import { useApiData } from "~/lib/api/use-api-data";
import { TakeButton } from "./take-button";

/** The filters the queue keeps in its URL (bookmarkable), in the order the form shows them. */
const FILTERS = ["q", "status", "service", "writer", "late", "currency", "from", "to", "sort"] as const;

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: Array<[string, string]> }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium">{label}</span>
      <select name={name} defaultValue={value} className={inputClass}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>{text}</option>
        ))}
      </select>
    </label>
  );
}

/** /admin/orders: the order queue with its filters as URL parameters, keyset pages and a CSV export of the filtered list. */
export function OrderQueueScreen() {
  const { t } = useTranslation("admin-orders");
  const { t: to_ } = useTranslation("orders");
  const { locale, to } = useLocale();
  const productName = useProductName();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const role = useViewerRole();
  // The export is the customers' e-mails in bulk: managers and admins only (the API refuses writers).
  const mayExport = role !== "unknown" && role !== "anonymous" && role !== "customer" && roleAtLeast(role, "manager");
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const filters = new URLSearchParams();
  for (const name of FILTERS) {
    const value = search.get(name);
    if (value) filters.set(name, value);
  }
  const cursor = search.get("cursor");
  const query = new URLSearchParams(filters);
  if (cursor) query.set("cursor", cursor);
  const { data, failure, loading } = useApiData<AdminOrderPage>(`/api/admin/orders?${query}`);
  const staff = useApiData<StaffMember[]>("/api/admin/order-writers");

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? "").trim();
      if (value) next.set(name, value);
    }
    setSearch(next);
  }

  async function exportCsv() {
    setExporting(true);
    setExportFailed(false);
    try {
      await saveApiFile(`/api/admin/orders.csv?${filters}`);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  const value = (name: string) => search.get(name) ?? "";
  const nextPage = new URLSearchParams(filters);
  if (data?.nextCursor) nextPage.set("cursor", data.nextCursor);
  return (
    <div className="space-y-6" data-testid="order-queue">
      <form onSubmit={apply} aria-label={t("queue.filters")} className="grid grid-cols-1 gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 dark:border-slate-800" key={filters.toString()}>
        <label className="block text-sm sm:col-span-2">
          <span className="mb-1 block font-medium">{t("queue.search")}</span>
          <input type="search" name="q" defaultValue={value("q")} placeholder={t("queue.searchHint")} className={inputClass} />
        </label>
        <Select name="status" label={t("queue.status")} value={value("status")} options={[["", t("queue.any")], ...ORDER_STATUSES.map((status) => [status, to_(`status.${status}`)] as [string, string])]} />
        <Select name="service" label={t("queue.service")} value={value("service")} options={[["", t("queue.any")], ...PRODUCT_IDS.map((id) => [id, productName(id)] as [string, string])]} />
        <Select
          name="writer"
          label={t("queue.writer")}
          value={value("writer")}
          options={[["", t("queue.any")], ["me", t("queue.me")], ["none", t("queue.nobody")], ...(staff.data ?? []).map((member) => [member.id, member.name] as [string, string])]}
        />
        <Select name="late" label={t("queue.late")} value={value("late")} options={[["", t("queue.any")], ["true", t("queue.lateOnly")], ["false", t("queue.onTimeOnly")]]} />
        <Select name="currency" label={t("queue.currency")} value={value("currency")} options={[["", t("queue.any")], ...CURRENCIES.map((currency) => [currency, currency] as [string, string])]} />
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t("queue.from")}</span>
          <input type="date" name="from" defaultValue={value("from")} className={inputClass} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t("queue.to")}</span>
          <input type="date" name="to" defaultValue={value("to")} className={inputClass} />
        </label>
        <Select name="sort" label={t("queue.sort")} value={value("sort")} options={[["", t("queue.dueFirst")], ["-due", t("queue.dueLast")]]} />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 md:col-span-3 lg:col-span-4">
          <button type="submit" className={primaryButton}>{t("queue.apply")}</button>
          <Link to={to("/admin/orders")} className={secondaryButton}>{t("queue.clear")}</Link>
          {mayExport ? (
            <button type="button" className={secondaryButton} onClick={() => void exportCsv()} disabled={exporting} aria-busy={exporting}>
              {exporting ? t("queue.exporting") : t("queue.export")}
            </button>
          ) : null}
        </div>
      </form>
      {exportFailed ? <FormAlert tone="error" title={t("queue.exportFailed")} /> : null}
      {failure ? <FormAlert tone="error" title={t("loadFailed")} messages={failure.messages} /> : null}
      {loading && !failure ? <Loading label={t("loading")} /> : null}
      {!loading && data && data.orders.length === 0 ? <p className="rounded-lg border border-dashed border-slate-400 p-6 text-center" data-testid="queue-empty">{cursor ? t("queue.noMore") : t("queue.empty")}</p> : null}
      {!loading && data && data.orders.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{t("queue.caption")}</caption>
            <thead className="border-b border-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3">{t("queue.number")}</th>
                <th scope="col" className="py-2 pr-3">{t("queue.status")}</th>
                <th scope="col" className="py-2 pr-3">{t("queue.due")}</th>
                <th scope="col" className="py-2 pr-3">{t("queue.customer")}</th>
                <th scope="col" className="py-2 pr-3">{t("queue.service")}</th>
                <th scope="col" className="py-2 pr-3">{t("queue.writer")}</th>
                <th scope="col" className="py-2 text-right">{t("queue.total")}</th>
                {data.orders.some((order) => order.access === "pool") ? <th scope="col" className="py-2 pl-3">{t("queue.take")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id} className="border-b border-slate-200 dark:border-slate-800" data-testid="queue-row">
                  <td className="py-2 pr-3 font-medium">
                    <Link to={to(`/admin/orders/${order.number}`)} className="text-indigo-700 underline dark:text-indigo-300">{order.number}</Link>
                  </td>
                  <td className="py-2 pr-3">{to_(`status.${order.status}`)}</td>
                  <td className="py-2 pr-3">
                    {formatDateTime(order.dueAt, locale)}
                    {order.late ? <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">{t("queue.lateBadge")}</span> : null}
                  </td>
                  <td className="py-2 pr-3">
                    <span className="block">{order.customerName}</span>
                    {order.customerEmail ? <span className="block text-xs text-slate-600 dark:text-slate-400">{order.customerEmail}</span> : null}
                  </td>
                  <td className="py-2 pr-3">{order.services.map(productName).join(", ")}</td>
                  <td className="py-2 pr-3">{order.writer?.name ?? t("queue.nobody")}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(moneyFromApi(order.total, order.currency), locale)}</td>
                  {data.orders.some((row) => row.access === "pool") ? (
                    <td className="py-2 pl-3">
                      {order.access === "pool" ? <TakeButton orderId={order.id} number={order.number} onTaken={() => void navigate(to(`/admin/orders/${order.number}`))} /> : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav aria-label={t("queue.pages")} className="flex gap-2">
        {cursor ? <Link to={`${to("/admin/orders")}?${filters}`} className={secondaryButton}>{t("queue.firstPage")}</Link> : null}
        {data?.nextCursor ? <Link to={`${to("/admin/orders")}?${nextPage}`} className={secondaryButton}>{t("queue.nextPage")}</Link> : null}
      </nav>
    </div>
  );
}
