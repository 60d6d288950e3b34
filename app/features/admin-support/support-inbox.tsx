import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { TicketList, TicketStatus } from "../../../contract/admin-support";
import { LoadState } from "~/components/ui/load-state";
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
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("loading")} retryText={t("retry")}>
        {data && data.items.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-400 p-6 text-center dark:border-slate-600" data-testid="tickets-empty">
            {q ? t("empty.search") : t(`empty.${status}`)}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="tickets">
              <caption className="sr-only">{t("columns.caption")}</caption>
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">{t("columns.requester")}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t("columns.message")}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t("columns.assignee")}</th>
                  <th scope="col" className="py-2 font-medium">{t("columns.updated")}</th>
                </tr>
              </thead>
              <tbody>
                {data?.items.map((ticket) => (
                  <tr key={ticket.id} className="border-t border-slate-300 align-top dark:border-slate-800">
                    <td className="py-2 pr-3">
                      <Link to={to(`/admin/support/${ticket.id}`)} className="font-medium text-indigo-700 underline dark:text-indigo-300">
                        {ticket.email}
                      </Link>
                      {ticket.status === "open" && ticket.lastAuthor === "requester" ? (
                        <span className="ml-2 rounded-full border border-orange-500 px-2 text-xs text-orange-800 dark:text-orange-300">{t("waiting")}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">{ticket.excerpt}</td>
                    <td className="py-2 pr-3">{ticket.assignee?.name ?? t("nobody")}</td>
                    <td className="py-2 whitespace-nowrap">{formatDateTime(ticket.updatedAt, locale)}</td>
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
