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
  const data = series.moneyIn.map((point, index) => ({ day: day.format(new Date(`${point.day}T00:00:00Z`)), in: point.amount, out: series.moneyOut[index]?.amount ?? 0 }));
  const money = (amount: number) => formatMoney(moneyFromApi(amount, series.currency), locale);
  const axis = axisNumber(locale);
  return (
    <figure className="rounded-lg border border-slate-300 p-4 dark:border-slate-800" data-testid={`money-${series.currency}`}>
      <figcaption className="mb-2 font-medium">
        {t("dashboard.moneyCaption", { currency: series.currency })} — {t("dashboard.in")} <span className="tabular-nums">{money(series.totalIn)}</span>, {t("dashboard.out")}{" "}
        <span className="tabular-nums">{money(series.totalOut)}</span>
      </figcaption>
      <div className="h-56" aria-hidden="true">
        {mounted ? (
          <Suspense fallback={null}>
            <MoneyBars data={data} money={money} axis={axis} names={{ in: t("dashboard.in"), out: t("dashboard.out") }} />
          </Suspense>
        ) : null}
      </div>
    </figure>
  );
}

/** /admin: what waits for whom, money in and out over 30 days, and how fast first deliveries went out. */
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
