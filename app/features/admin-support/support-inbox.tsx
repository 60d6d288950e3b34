import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { TicketList, TicketListStatus } from "../../../contract/admin-support";
import { roleAtLeast } from "../../../contract/staff";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useLocale } from "~/i18n/use-locale";
import { useApiData } from "~/lib/api/use-api-data";
import { useViewerRole } from "~/lib/auth/staff-role";
import { formatDateTime } from "~/lib/format-date";
import { ticketAge } from "./ticket-age";

const tabClass = (active: boolean) =>
  `rounded-md px-3 py-1.5 text-sm ${active ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "border border-slate-400 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-900"}`;
const linkClass = "text-indigo-700 underline dark:text-indigo-300";
const STATUSES: readonly TicketListStatus[] = ["open", "closed", "all"];

/**
 * The inbox: open, closed or all tickets (URL parameters, so a view can be bookmarked), searchable by e-mail or ticket
 * number, filtered by tag; each ticket by its number and subject, its age, and whether its first answer is overdue.
 */
export function SupportInbox() {
  const { t } = useTranslation("admin-support");
  const { locale, to } = useLocale();
  const role = useViewerRole();
  const [params] = useSearchParams();
  const status: TicketListStatus = STATUSES.find((candidate) => candidate === params.get("status")) ?? "open";
  const q = params.get("q") ?? "";
  const tag = params.get("tag") ?? "";
  const query = new URLSearchParams({ status, ...(q ? { q } : {}), ...(tag ? { tag } : {}) });
  const { data, failure, loading, reload } = useApiData<TicketList>(`/api/admin/support/tickets?${query}`);
  const tagLink = (name: string) => `${to("/admin/support")}?${new URLSearchParams({ status, tag: name })}`;
  const columns: Array<Column<TicketList["items"][number]>> = [
    {
      id: "ticket",
      header: t("columns.ticket"),
      cell: (ticket) => (
        <>
          <Link to={to(`/admin/support/${ticket.reference}`)} className={`font-medium ${linkClass}`}>
            {ticket.reference}
          </Link>
          <div>{ticket.subject}</div>
        </>
      ),
    },
    {
      id: "requester",
      header: t("columns.requester"),
      cell: (ticket) => (
        <>
          <div className="break-all">{ticket.email}</div>
          {ticket.status === "open" && ticket.lastAuthor === "requester" ? (
            <span className="rounded-full border border-orange-500 px-2 text-xs text-orange-800 dark:text-orange-300">{t("waiting")}</span>
          ) : null}
        </>
      ),
    },
    {
      id: "tags",
      header: t("columns.tags"),
      cell: (ticket) => (
        <ul className="flex flex-wrap gap-1">
          {ticket.tags.map((name) => (
            <li key={name}>
              <Link to={tagLink(name)} className="rounded-full border border-slate-400 px-2 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-900">{name}</Link>
            </li>
          ))}
        </ul>
      ),
    },
    { id: "assignee", header: t("columns.assignee"), cell: (ticket) => ticket.assignee?.name ?? t("nobody") },
    {
      id: "age",
      header: t("columns.age"),
      className: "whitespace-nowrap",
      cell: (ticket) => (
        <>
          <div>{ticketAge(ticket.ageMinutes, t)}</div>
          {ticket.overdue ? (
            <span className="rounded-full border border-red-600 px-2 text-xs text-red-800 dark:text-red-300" data-testid="ticket-overdue">{t("overdue")}</span>
          ) : null}
        </>
      ),
    },
    { id: "updated", header: t("columns.updated"), className: "whitespace-nowrap", cell: (ticket) => formatDateTime(ticket.updatedAt, locale) },
  ];

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("heading")}</h1>
        {roleAtLeast(role, "manager") ? <Link to={to("/admin/support/saved-replies")} className={linkClass}>{t("savedRepliesLink")}</Link> : null}
      </div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label={t("tabs.label")} className="flex gap-2">
          {STATUSES.map((tab) => (
            <Link key={tab} to={`${to("/admin/support")}?${new URLSearchParams({ status: tab, ...(tag ? { tag } : {}) })}`} className={tabClass(tab === status)} aria-current={tab === status ? "page" : undefined}>
              {t(`tabs.${tab}`)}
            </Link>
          ))}
        </nav>
        <form method="get" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="status" value={status} />
          <label className="text-sm">
            <span className="block font-medium">{t("search.label")}</span>
            <input name="q" type="search" defaultValue={q} className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-900" />
          </label>
          <label className="text-sm">
            <span className="block font-medium">{t("tagFilter.label")}</span>
            <input name="tag" type="search" defaultValue={tag} className="mt-1 w-32 rounded-md border border-slate-400 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-900" />
          </label>
          <button type="submit" className="rounded-md border border-slate-400 px-3 py-1.5 text-sm dark:border-slate-600">
            {t("search.submit")}
          </button>
        </form>
      </div>
      {tag ? (
        <p className="mb-3 text-sm" data-testid="tag-filter">
          {t("tagFilter.showing", { tag })} · <Link to={`${to("/admin/support")}?${new URLSearchParams({ status })}`} className={linkClass}>{t("tagFilter.clear")}</Link>
        </p>
      ) : null}
      <DataTable
        caption={t("columns.caption")}
        columns={columns}
        rows={data?.items ?? null}
        rowKey={(ticket) => ticket.id}
        empty={q ? t("empty.search") : tag ? t("empty.tag") : t(`empty.${status}`)}
        testId="tickets"
        emptyTestId="tickets-empty"
        load={{ loading, failure, onRetry: reload, loadingText: t("loading") }}
      />
    </section>
  );
}
