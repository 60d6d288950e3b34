import { useState, type FormEvent } from "react";
import type { TFunction } from "i18next";
import type { Locale } from "../../../common/locales";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { AdminOrderPage, StaffMember } from "../../../contract/admin-orders";
import { PRODUCT_IDS } from "../../../contract/catalog";
import { CURRENCIES } from "../../../contract/currency";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { ORDER_STATUSES } from "../../../contract/orders";
import { roleAtLeast } from "../../../contract/staff";
import { type Column, DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { useLocale } from "~/i18n/use-locale";
import { saveApiFile } from "~/lib/api/save-file";
import { formatDateTime } from "~/lib/format-date";
import { useViewerRole } from "~/lib/auth/staff-role";
import { useProductName } from "~/lib/product-name";
import { inputClass, primaryButton, secondaryButton } from "./admin-frame";
import { useApiData } from "~/lib/api/use-api-data";
import { BulkBar, pickColumn, useQueueSelection } from "./queue-bulk";
import { TakeButton } from "./take-button";

/** The filters the queue keeps in its URL (bookmarkable), in the order the form shows them. */
const FILTERS = ["q", "status", "service", "writer", "late", "due", "currency", "from", "to", "sort"] as const;

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

type QueueRow = AdminOrderPage["orders"][number];

/** The queue's columns, one row per deliverable (its service, status, due date and writer); "take" only when a pool item is listed. */
function queueColumns({ t, locale, to, productName, pool, onTaken }: {
  t: TFunction<"admin-orders">;
  locale: Locale;
  to(path: string): string;
  productName(id: string): string;
  pool: boolean;
  onTaken(number: string): void;
}): Array<Column<QueueRow>> {
  const columns: Array<Column<QueueRow>> = [
    {
      id: "number",
      header: t("queue.number"),
      className: "font-medium",
      cell: (order) => (
        <Link to={to(`/admin/orders/${order.number}#deliverable-${order.deliverable}`)} className="text-indigo-700 underline dark:text-indigo-300">
          {order.number}
        </Link>
      ),
    },
    { id: "status", header: t("queue.status"), cell: (order) => t(`status.${order.status}`) },
    {
      id: "due",
      header: t("queue.due"),
      cell: (order) => (
        <>
          {formatDateTime(order.dueAt, locale)}
          {order.late ? <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">{t("queue.lateBadge")}</span> : null}
        </>
      ),
    },
    {
      id: "customer",
      header: t("queue.customer"),
      cell: (order) => (
        <>
          <span className="block">{order.customerName}</span>
          {order.customerBlocked ? (
            <span className="mt-0.5 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="customer-blocked">
              {t("queue.blockedBadge")}
            </span>
          ) : null}
          {order.customerEmail ? <span className="block text-xs text-slate-600 dark:text-slate-400">{order.customerEmail}</span> : null}
        </>
      ),
    },
    { id: "service", header: t("queue.service"), cell: (order) => productName(order.service) },
    {
      id: "writer",
      header: t("queue.writer"),
      cell: (order) =>
        order.writer ? (
          <>
            {order.writer.name}
            {order.writer.active ? null : (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100" data-testid="inactive-writer">
                {t("queue.inactiveBadge")}
              </span>
            )}
          </>
        ) : (
          t("queue.nobody")
        ),
    },
    { id: "total", header: t("queue.total"), align: "end", cell: (order) => formatMoney(moneyFromApi(order.total, order.currency), locale) },
  ];
  if (!pool) return columns;
  return [
    ...columns,
    {
      id: "take",
      header: t("queue.take"),
      cell: (order) => (order.access === "pool" ? <TakeButton orderId={order.id} number={order.number} n={order.deliverable} service={productName(order.service)} onTaken={() => onTaken(order.number)} /> : null),
    },
  ];
}

/** /admin/orders: the order queue with its filters as URL parameters, keyset pages and a CSV export of the filtered list. */
export function OrderQueueScreen() {
  const { t } = useTranslation("admin-orders");
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
  const { data, failure, loading, reload } = useApiData<AdminOrderPage>(`/api/admin/orders?${query}`);
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
  const selection = useQueueSelection(data?.orders ?? null);
  const shownColumns = queueColumns({ t, locale, to, productName, pool: data?.orders.some((order) => order.access === "pool") ?? false, onTaken: (number) => void navigate(to(`/admin/orders/${number}`)) });
  // Managers and admins pick rows for the bulk actions (the API refuses writers).
  const columns = mayExport ? [pickColumn(t, selection, (row) => productName(row.service)), ...shownColumns] : shownColumns;
  const nextPage = new URLSearchParams(filters);
  if (data?.nextCursor) nextPage.set("cursor", data.nextCursor);
  return (
    <div className="space-y-6" data-testid="order-queue">
      <form onSubmit={apply} aria-label={t("queue.filters")} className="grid grid-cols-1 gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 dark:border-slate-800" key={filters.toString()}>
        <label className="block text-sm sm:col-span-2">
          <span className="mb-1 block font-medium">{t("queue.search")}</span>
          <input type="search" name="q" defaultValue={value("q")} placeholder={t("queue.searchHint")} className={inputClass} />
        </label>
        <Select name="status" label={t("queue.status")} value={value("status")} options={[["", t("queue.any")], ...ORDER_STATUSES.map((status) => [status, t(`status.${status}`)] as [string, string])]} />
        <Select name="service" label={t("queue.service")} value={value("service")} options={[["", t("queue.any")], ...PRODUCT_IDS.map((id) => [id, productName(id)] as [string, string])]} />
        <Select
          name="writer"
          label={t("queue.writer")}
          value={value("writer")}
          options={[["", t("queue.any")], ["me", t("queue.me")], ["none", t("queue.nobody")], ["inactive", t("queue.inactiveWriters")], ...(staff.data ?? []).map((member) => [member.id, member.name] as [string, string])]}
        />
        <Select name="late" label={t("queue.late")} value={value("late")} options={[["", t("queue.any")], ["true", t("queue.lateOnly")], ["false", t("queue.onTimeOnly")]]} />
        <Select name="due" label={t("queue.dueWindow")} value={value("due")} options={[["", t("queue.any")], ["risk", t("queue.dueRisk")], ["week", t("queue.dueWeek")]]} />
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
      {mayExport ? <BulkBar selection={selection} staff={staff.data ?? []} onAssigned={reload} /> : null}
      <DataTable
        caption={t("queue.caption")}
        columns={columns}
        rows={data?.orders ?? null}
        rowKey={(order) => `${order.id}/${order.deliverable}`}
        rowTestId={() => "queue-row"}
        empty={cursor ? t("queue.noMore") : t("queue.empty")}
        emptyTestId="queue-empty"
        className="min-w-[44rem]"
        load={{ loading, failure, onRetry: reload, loadingText: t("loading") }}
        pages={{
          label: t("queue.pages"),
          className: secondaryButton,
          links: [
            ...(cursor ? [{ to: `${to("/admin/orders")}?${filters}`, label: t("queue.firstPage") }] : []),
            ...(data?.nextCursor ? [{ to: `${to("/admin/orders")}?${nextPage}`, label: t("queue.nextPage") }] : []),
          ],
        }}
      />
    </div>
  );
}
