import { useEffect, useState, type FormEvent } from "react";
import type { TFunction } from "i18next";
import type { Locale } from "../../../common/locales";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams, type SetURLSearchParams } from "react-router";
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
import { DateInput } from "~/components/ui/date-input";
import { compactInput, compactPrimary, compactSecondary } from "./admin-frame";
import { useApiData } from "~/lib/api/use-api-data";
import { BulkBar, pickColumn, pickKey, useQueueSelection } from "./queue-bulk";
import { ShortcutHelp, useQueueKeys } from "./queue-keys";
import { QueuePages } from "./queue-pages";
import { sortable } from "./queue-sort";
import { SavedViews } from "./saved-views";
import { TakeButton } from "./take-button";

/** The filters the form shows, in its order; the URL keeps them with the sort (bookmarkable, saved as views). */
const FORM_FILTERS = ["q", "status", "service", "writer", "late", "due", "currency", "from", "to"] as const;
const FILTERS = [...FORM_FILTERS, "sort", "dir"] as const;

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: Array<[string, string]> }) {
  return (
    <label className="block text-xs">
      <span className="mb-0.5 block font-medium">{label}</span>
      <select name={name} defaultValue={value} className={compactInput}>
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
          <span className="whitespace-nowrap">{formatDateTime(order.dueAt, locale)}</span>
          {order.late ? <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">{t("queue.lateBadge")}</span> : null}
        </>
      ),
    },
    {
      id: "customer",
      header: t("queue.customer"),
      cell: (order) => (
        <>
          <span title={order.customerEmail ?? undefined}>{order.customerName}</span>
          {order.customerEmail ? <span className="ml-2 hidden text-xs text-slate-600 xl:inline dark:text-slate-400">{order.customerEmail}</span> : null}
          {order.customerBlocked ? (
            <span className="ml-2 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="customer-blocked">
              {t("queue.blockedBadge")}
            </span>
          ) : null}
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

/** The filter form: its fields from the URL; applying keeps the sort and goes back to page 1. */
function QueueFilters({ search, setSearch, staff, exporter }: {
  search: URLSearchParams;
  setSearch: SetURLSearchParams;
  staff: readonly StaffMember[];
  exporter: { may: boolean; busy: boolean; run(): void };
}) {
  const { t } = useTranslation("admin-orders");
  const { to } = useLocale();
  const productName = useProductName();
  const value = (name: string) => search.get(name) ?? "";
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FORM_FILTERS) {
      const entered = String(form.get(name) ?? "").trim();
      if (entered) next.set(name, entered);
    }
    for (const name of ["sort", "dir"]) if (search.get(name)) next.set(name, value(name));
    setSearch(next);
  }
  return (
    <form onSubmit={apply} aria-label={t("queue.filters")} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-300 p-2 sm:grid-cols-3 lg:grid-cols-6 dark:border-slate-800" key={search.toString()}>
      <label className="col-span-2 block text-xs">
        <span className="mb-0.5 block font-medium">{t("queue.search")}</span>
        <input type="search" name="q" defaultValue={value("q")} placeholder={t("queue.searchHint")} className={compactInput} />
      </label>
      <Select name="status" label={t("queue.status")} value={value("status")} options={[["", t("queue.any")], ...ORDER_STATUSES.map((status) => [status, t(`status.${status}`)] as [string, string])]} />
      <Select name="service" label={t("queue.service")} value={value("service")} options={[["", t("queue.any")], ...PRODUCT_IDS.map((id) => [id, productName(id)] as [string, string])]} />
      <Select
        name="writer"
        label={t("queue.writer")}
        value={value("writer")}
        options={[["", t("queue.any")], ["me", t("queue.me")], ["none", t("queue.nobody")], ["inactive", t("queue.inactiveWriters")], ...staff.map((member) => [member.id, member.name] as [string, string])]}
      />
      <Select name="late" label={t("queue.late")} value={value("late")} options={[["", t("queue.any")], ["true", t("queue.lateOnly")], ["false", t("queue.onTimeOnly")]]} />
      <Select name="due" label={t("queue.dueWindow")} value={value("due")} options={[["", t("queue.any")], ["risk", t("queue.dueRisk")], ["week", t("queue.dueWeek")]]} />
      <Select name="currency" label={t("queue.currency")} value={value("currency")} options={[["", t("queue.any")], ...CURRENCIES.map((currency) => [currency, currency] as [string, string])]} />
      <DateInput name="from" label={t("queue.from")} defaultValue={value("from")} className={compactInput} compact />
      <DateInput name="to" label={t("queue.to")} defaultValue={value("to")} className={compactInput} compact />
      <div className="col-span-2 flex flex-wrap items-end gap-2 sm:col-span-3 lg:col-span-2">
        <button type="submit" className={compactPrimary}>{t("queue.apply")}</button>
        <Link to={to("/admin/orders")} className={compactSecondary}>{t("queue.clear")}</Link>
        {exporter.may ? (
          <button type="button" className={compactSecondary} onClick={exporter.run} disabled={exporter.busy} aria-busy={exporter.busy}>
            {exporter.busy ? t("queue.exporting") : t("queue.export")}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The queue's URL: its filters and sort (what a view saves), the page shown, and the API's query for that page. */
function useQueueUrl() {
  const [search, setSearch] = useSearchParams();
  const filters = new URLSearchParams();
  for (const name of FILTERS) {
    const value = search.get(name);
    if (value) filters.set(name, value);
  }
  const page = Math.max(1, Math.min(10_000, Number.parseInt(search.get("page") ?? "1", 10) || 1));
  const query = new URLSearchParams(filters);
  query.set("page", String(page));
  return { search, setSearch, filters, page, query };
}

/** The CSV export of the filtered queue, in its sort. */
function useExport(filters: URLSearchParams) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function run() {
    setBusy(true);
    setFailed(false);
    try {
      await saveApiFile(`/api/admin/orders.csv?${filters}`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return { busy, failed, run: () => void run() };
}

/**
 * /admin/orders: the order queue. Filters and sort in the URL (sortable headers), saved views per person, page
 * numbers, a CSV export, bulk actions for managers, and a keyboard (j/k, Enter, a, ?); dense rows so a laptop screen
 * shows many of them.
 */
export function OrderQueueScreen() {
  const { t } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  const productName = useProductName();
  const navigate = useNavigate();
  const role = useViewerRole();
  // The export and the bulk actions are the customers' e-mails in bulk: managers and admins only (the API refuses writers).
  const mayExport = role !== "unknown" && role !== "anonymous" && role !== "customer" && roleAtLeast(role, "manager");
  const { search, setSearch, filters, page, query } = useQueueUrl();
  const exporter = useExport(filters);
  const { data, failure, loading, reload } = useApiData<AdminOrderPage>(`/api/admin/orders?${query}`);
  const staff = useApiData<StaffMember[]>("/api/admin/order-writers");
  const rows = data?.orders ?? null;
  const selection = useQueueSelection(rows);
  const open = (index: number) => {
    const row = rows?.[index];
    if (row) void navigate(to(`/admin/orders/${row.number}#deliverable-${row.deliverable}`));
  };
  const assign = (index: number) => {
    const row = rows?.[index];
    if (!row) return;
    if (!selection.picked.has(pickKey(row))) selection.toggle(pickKey(row));
    setFocusGiveTo((count) => count + 1);
  };
  // "a": the bulk bar shows once a row is picked; its "give to" takes the focus after that render.
  const [focusGiveTo, setFocusGiveTo] = useState(0);
  useEffect(() => {
    if (focusGiveTo > 0) document.getElementById("bulk-give-to")?.focus();
  }, [focusGiveTo]);
  const keys = useQueueKeys({ count: rows?.length ?? 0, open, assign: mayExport ? assign : null });
  const path = to("/admin/orders");
  const shownColumns = sortable(queueColumns({ t, locale, to, productName, pool: rows?.some((order) => order.access === "pool") ?? false, onTaken: (number) => void navigate(to(`/admin/orders/${number}`)) }), filters, path);
  const columns = mayExport ? [pickColumn(t, selection, (row) => productName(row.service)), ...shownColumns] : shownColumns;
  const currentRow = keys.current >= 0 ? rows?.[keys.current] : undefined;
  const currentKey = currentRow ? pickKey(currentRow) : null;
  return (
    <div className="space-y-3" data-testid="order-queue">
      <QueueFilters search={search} setSearch={setSearch} staff={staff.data ?? []} exporter={{ may: mayExport, busy: exporter.busy, run: exporter.run }} />
      <div className="flex flex-wrap items-center gap-2">
        <SavedViews current={filters.toString()} path={path} />
        <button type="button" className="text-xs text-slate-600 underline dark:text-slate-400" onClick={() => keys.setHelp(true)}>{t("keys.show")}</button>
      </div>
      {exporter.failed ? <FormAlert tone="error" title={t("queue.exportFailed")} /> : null}
      {mayExport ? <BulkBar selection={selection} staff={staff.data ?? []} onAssigned={reload} /> : null}
      <DataTable
        caption={t("queue.caption")}
        columns={columns}
        rows={rows}
        rowKey={(order) => `${order.id}/${order.deliverable}`}
        rowTestId={() => "queue-row"}
        rowProps={(order) => (pickKey(order) === currentKey ? { className: "bg-indigo-50 outline outline-2 outline-indigo-600 dark:bg-indigo-950", "aria-current": "true", "data-current": true } : {})}
        empty={page > 1 ? t("queue.noMore") : t("queue.empty")}
        emptyTestId="queue-empty"
        className="min-w-[44rem]"
        dense
        load={{ loading, failure, onRetry: reload, loadingText: t("loading") }}
      />
      <QueuePages page={page} hasNext={data?.hasNext ?? false} search={filters} path={path} />
      <ShortcutHelp shown={keys.help} onClose={() => keys.setHelp(false)} assign={mayExport} />
    </div>
  );
}
