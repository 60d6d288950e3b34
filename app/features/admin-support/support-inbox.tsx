import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { TicketList, TicketStatus } from "../../../contract/admin-support";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useLocale } from "~/i18n/use-locale";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";

const tabClass = (active: boolean) =>
  `rounded-md px-3 py-1.5 text-sm ${active ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "border border-slate-400 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-900"}`;

/** The inbox: open or closed tickets (a URL parameter, so a view can be bookmarked), searchable by email. */
export function SupportInbox() {
  const { t } = useTranslation("admin-support");
  const { locale, to } = useLocale();
  const [params] = useSearchParams();
  const status: TicketStatus = params.get("status") === "closed" ? "closed" : "open";
  const q = params.get("q") ?? "";
  const query = new URLSearchParams({ status, ...(q ? { q } : {}) });
  const { data, failure, loading, reload } = useApiData<TicketList>(`/api/admin/support/tickets?${query}`);
  const columns: Array<Column<TicketList["items"][number]>> = [
    {
      id: "requester",
      header: t("columns.requester"),
      cell: (ticket) => (
        <>
          <Link to={to(`/admin/support/${ticket.id}`)} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            {ticket.email}
          </Link>
          {ticket.status === "open" && ticket.lastAuthor === "requester" ? (
            <span className="ml-2 rounded-full border border-orange-500 px-2 text-xs text-orange-800 dark:text-orange-300">{t("waiting")}</span>
          ) : null}
        </>
      ),
    },
    { id: "message", header: t("columns.message"), cell: (ticket) => ticket.excerpt },
    { id: "assignee", header: t("columns.assignee"), cell: (ticket) => ticket.assignee?.name ?? t("nobody") },
    { id: "updated", header: t("columns.updated"), className: "whitespace-nowrap", cell: (ticket) => formatDateTime(ticket.updatedAt, locale) },
  ];

  return (
    <section>
      <h1 className="mb-4 text-3xl font-semibold tracking-tight">{t("heading")}</h1>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label={t("tabs.label")} className="flex gap-2">
          {(["open", "closed"] as const).map((tab) => (
            <Link key={tab} to={`${to("/admin/support")}?status=${tab}`} className={tabClass(tab === status)} aria-current={tab === status ? "page" : undefined}>
              {t(`tabs.${tab}`)}
            </Link>
          ))}
        </nav>
        <form method="get" className="flex items-end gap-2">
          <input type="hidden" name="status" value={status} />
          <label className="text-sm">
            <span className="block font-medium">{t("search.label")}</span>
            <input name="q" type="search" defaultValue={q} className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-900" />
          </label>
          <button type="submit" className="rounded-md border border-slate-400 px-3 py-1.5 text-sm dark:border-slate-600">
            {t("search.submit")}
          </button>
        </form>
      </div>
      <DataTable
        caption={t("columns.caption")}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(ticket) => ticket.id}
        empty={q ? t("empty.search") : t(`empty.${status}`)}
        testId="tickets"
        emptyTestId="tickets-empty"
        load={{ loading, failure, onRetry: reload, loadingText: t("loading") }}
      />
    </section>
  );
}
