import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Dashboard } from "../../../contract/admin-orders";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import { intlLocale } from "../../../common/locales";
import { axisNumber } from "./chart-numbers";
import { FormAlert } from "~/components/ui/form-alert";
import { useLocale } from "~/i18n/use-locale";
import { Loading } from "./admin-frame";
import { useApiData } from "~/lib/api/use-api-data";

function Tile({ label, value, to, testId }: { label: string; value: string | number; to?: string; testId: string }) {
  const body = (
    <>
      <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
      <span className="block text-3xl font-semibold tabular-nums" data-testid={testId}>{value}</span>
    </>
  );
  const frame = "block rounded-lg border border-slate-300 p-4 dark:border-slate-800";
  return to ? <Link to={to} className={`${frame} hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-900`}>{body}</Link> : <div className={frame}>{body}</div>;
}

// Drawn in the browser only: the chart library loads with the first chart, never with the server or another page.
const MoneyBars = lazy(() => import("./money-bars"));

function MoneyChart({ series, locale }: { series: NonNullable<Dashboard["money"]>[number]; locale: "en" | "es" }) {
  const { t } = useTranslation("admin-orders");
  // Recharts measures its container: draw it in the browser only (the numbers below are there from the first paint).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const day = new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "numeric", timeZone: "UTC" });
  const data = series.moneyIn.map((point, index) => ({ day: day.format(new Date(`${point.day}T00:00:00Z`)), sales: series.sales[index]?.amount ?? 0, in: point.amount, out: series.moneyOut[index]?.amount ?? 0 }));
  const money = (amount: number) => formatMoney(moneyFromApi(amount, series.currency), locale);
  const axis = axisNumber(locale);
  return (
    <figure className="rounded-lg border border-slate-300 p-4 dark:border-slate-800" data-testid={`money-${series.currency}`}>
      <figcaption className="mb-2 font-medium">
        {t("dashboard.moneyCaption", { currency: series.currency })} — {t("dashboard.sales")}{" "}
        <span className="tabular-nums" data-testid={`sales-${series.currency}`}>{money(series.totalSales)}</span>, {t("dashboard.in")} <span className="tabular-nums">{money(series.totalIn)}</span>, {t("dashboard.out")}{" "}
        <span className="tabular-nums">{money(series.totalOut)}</span>
      </figcaption>
      <div className="h-56" aria-hidden="true">
        {mounted ? (
          <Suspense fallback={null}>
            <MoneyBars data={data} money={money} axis={axis} names={{ sales: t("dashboard.sales"), in: t("dashboard.in"), out: t("dashboard.out") }} />
          </Suspense>
        ) : null}
      </div>
    </figure>
  );
}

/** A number on the workload board that opens the queue filtered to it (a plain 0 when there is nothing to open). */
function Count({ value, to, label }: { value: number; to: string; label: string }) {
  if (value === 0) return <span className="text-slate-500 tabular-nums dark:text-slate-400">0</span>;
  return (
    <Link to={to} aria-label={label} className="font-semibold text-indigo-700 tabular-nums underline dark:text-indigo-300">
      {value}
    </Link>
  );
}

/** Open work per writer: every active writer, and anyone else still holding work; each number opens the filtered queue. */
function WorkloadBoard({ rows, queue }: { rows: NonNullable<Dashboard["workload"]>; queue: (params: string) => string }) {
  const { t } = useTranslation("admin-orders");
  const columns = [
    ["notStarted", "paid", t("dashboard.notStarted")],
    ["inProgress", "in_progress", t("dashboard.inProgress")],
    ["revision", "revision_requested", t("dashboard.revision")],
    ["awaiting", "needs_info,delivered", t("dashboard.awaiting")],
  ] as const;
  const cell = "border-b border-slate-200 px-3 py-2 dark:border-slate-800";
  return (
    <section aria-labelledby="dashboard-workload">
      <h2 id="dashboard-workload" className="mb-3 text-lg font-semibold">{t("dashboard.workload")}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("dashboard.noWriters")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="workload">
            <caption className="sr-only">{t("dashboard.workloadCaption")}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${cell} text-start`}>{t("dashboard.writerColumn")}</th>
                {columns.map(([key, , label]) => <th key={key} scope="col" className={`${cell} text-end`}>{label}</th>)}
                <th scope="col" className={`${cell} text-end`}>{t("dashboard.total")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.writer.id} data-testid={`workload-${row.writer.id}`}>
                  <th scope="row" className={`${cell} text-start font-medium`}>
                    {row.writer.name}
                    {row.writer.active ? null : <span className="ml-2 text-xs text-amber-800 dark:text-amber-200">({t("dashboard.inactive")})</span>}
                  </th>
                  {columns.map(([key, status, label]) => (
                    <td key={key} className={`${cell} text-end`}>
                      <Count value={row[key]} to={queue(`writer=${row.writer.id}&status=${status}`)} label={`${row.writer.name}: ${label} ${row[key]}`} />
                    </td>
                  ))}
                  <td className={`${cell} text-end`}>
                    <Count
                      value={row.notStarted + row.inProgress + row.revision + row.awaiting}
                      to={queue(`writer=${row.writer.id}&status=paid,in_progress,revision_requested,needs_info,delivered`)}
                      label={`${row.writer.name}: ${t("dashboard.total")} ${row.notStarted + row.inProgress + row.revision + row.awaiting}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /admin: what must happen today, open work per writer, sales and money in and out over 30 days, and how fast first deliveries went out. */
/** What the on-time guarantee cost over the window (issue 28): credits given to buyers of late work, per currency. */
function GuaranteeCost({ rows, locale }: { rows: NonNullable<Dashboard["guarantee"]>; locale: "en" | "es" }) {
  const { t } = useTranslation("admin-orders");
  return (
    <section aria-labelledby="dashboard-guarantee">
      <h2 id="dashboard-guarantee" className="mb-3 text-lg font-semibold">{t("dashboard.guarantee")}</h2>
      {rows.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("dashboard.noGuarantee")}</p> : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {rows.map((row) => (
          <Tile
            key={row.currency}
            label={t("dashboard.guaranteeCredits", { count: row.count })}
            value={formatMoney(moneyFromApi(row.total, row.currency), locale)}
            testId={`guarantee-${row.currency}`}
          />
        ))}
      </div>
    </section>
  );
}

export function DashboardScreen() {
  const { t } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  const { data, failure, loading } = useApiData<Dashboard>("/api/admin/dashboard");
  if (failure) return <FormAlert tone="error" title={t("loadFailed")} messages={failure.messages} />;
  if (loading || !data) return <Loading label={t("loading")} />;
  const queue = (params: string) => `${to("/admin/orders")}?${params}`;
  const percent = new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 0 });
  return (
    <div className="space-y-8" data-testid="admin-dashboard">
      <section aria-labelledby="dashboard-today">
        <h2 id="dashboard-today" className="mb-3 text-lg font-semibold">{t("dashboard.today")}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Tile label={t("dashboard.late")} value={data.counts.late} to={queue("late=true")} testId="today-late" />
          <Tile label={t("dashboard.atRisk")} value={data.counts.atRisk} to={queue("due=risk")} testId="count-at-risk" />
          <Tile label={t("dashboard.dueThisWeek")} value={data.counts.dueThisWeek} to={queue("due=week")} testId="count-due-week" />
          <Tile label={t("dashboard.pool")} value={data.counts.pool} to={queue("writer=none&status=paid")} testId="count-pool" />
        </div>
      </section>
      {data.workload === null ? null : <WorkloadBoard rows={data.workload} queue={queue} />}
      <section aria-labelledby="dashboard-orders">
        <h2 id="dashboard-orders" className="mb-3 text-lg font-semibold">{t("dashboard.orders")}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
          <Tile label={t("status.paid")} value={data.counts.waiting} to={queue("status=paid")} testId="count-waiting" />
          <Tile label={t("dashboard.inProgress")} value={data.counts.inProgress} to={queue("status=in_progress,revision_requested")} testId="count-in-progress" />
          <Tile label={t("status.needs_info")} value={data.counts.needsInfo} to={queue("status=needs_info")} testId="count-needs-info" />
          <Tile label={t("dashboard.late")} value={data.counts.late} to={queue("late=true")} testId="count-late" />
          <Tile label={t("status.delivered")} value={data.counts.waitingForReview} to={queue("status=delivered")} testId="count-review" />
          {data.ticketsOpen === null ? null : <Tile label={t("dashboard.ticketsOpen")} value={data.ticketsOpen} testId="count-tickets" />}
        </div>
      </section>
      <section aria-labelledby="dashboard-delivery">
        <h2 id="dashboard-delivery" className="mb-3 text-lg font-semibold">{t("dashboard.delivery")}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <Tile label={t("dashboard.medianHours")} value={data.delivery.medianHours === null ? "—" : t("dashboard.hours", { count: data.delivery.medianHours })} testId="median-hours" />
          <Tile label={t("dashboard.onTime")} value={data.delivery.onTimeShare === null ? "—" : percent.format(data.delivery.onTimeShare)} testId="on-time" />
          <Tile label={t("dashboard.delivered")} value={data.delivery.delivered} testId="delivered" />
        </div>
      </section>
      {data.guarantee === null ? null : <GuaranteeCost rows={data.guarantee} locale={locale} />}
      {data.money === null ? null : (
        <section aria-labelledby="dashboard-money" className="space-y-3">
          <h2 id="dashboard-money" className="text-lg font-semibold">{t("dashboard.money")}</h2>
          {data.money.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("dashboard.noMoney")}</p> : null}
          <div className="grid gap-4 lg:grid-cols-2">
            {data.money.map((series) => (
              <MoneyChart key={series.currency} series={series} locale={locale} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
