import { useTranslation } from "react-i18next";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import type { OrderListEntry } from "../../../contract/orders";
import type { Locale } from "../../i18n/locales";
import { formatDateTime } from "../checkout/format-date";
import { FileButton } from "../../components/ui/file-button";
import { OrderBrief } from "./order-brief";

const STATUS_TONE: Record<OrderListEntry["status"], string> = {
  paid: "border-sky-500 text-sky-800 dark:text-sky-300",
  in_progress: "border-amber-500 text-amber-800 dark:text-amber-300",
  delivered: "border-emerald-500 text-emerald-800 dark:text-emerald-300",
  cancelled: "border-slate-400 dark:border-slate-500 text-slate-600 dark:text-slate-400",
};

/** One order: number, date, status, its items with their briefs, the total, and the result when delivered. */
export function OrderCard({ order, locale, productName }: { order: OrderListEntry; locale: Locale; productName(id: string): string }) {
  const { t } = useTranslation("orders");
  const money = (major: number) => formatMoney(moneyFromApi(major, order.currency), locale);
  const headingId = `order-${order.id}`;
  return (
    <li className="rounded-lg border border-slate-300 dark:border-slate-800 bg-slate-50 dark:bg-slate-900 p-4" aria-labelledby={headingId} data-testid={`order-${order.number}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t("number", { number: order.number })}
        </h2>
        <span className={`rounded-full border px-3 py-0.5 text-sm ${STATUS_TONE[order.status]}`} data-testid="order-status">
          {t(`status.${order.status}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t("placedOn", { date: formatDateTime(order.createdAt, locale) })}
      </p>
      <ul className="mt-4 space-y-4">
        {order.items.map((item, index) => (
          <li key={index} className="border-t border-slate-300 dark:border-slate-800 pt-3">
            <div className="mb-2 flex justify-between gap-4">
              <span className="font-medium">{productName(item.productId)}</span>
              <span className="tabular-nums">{money(item.price)}</span>
            </div>
            <details>
              <summary className="cursor-pointer text-sm text-indigo-700 dark:text-indigo-300">{t("brief")}</summary>
              <div className="mt-2">
                <OrderBrief productId={item.productId} brief={item.brief} locale={locale} serviceName={productName} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4 border-t border-slate-300 dark:border-slate-800 pt-3">
        <p className="text-lg font-semibold">
          {t("total")} <span className="tabular-nums" data-testid="order-total">{money(order.total)}</span>
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <FileButton look="link" path={`/api/orders/${encodeURIComponent(order.id)}/invoice`} label={t("invoiceOf", { number: order.number })}>
            {t("invoice")}
          </FileButton>
          {order.status === "cancelled" ? (
            <FileButton look="link" path={`/api/orders/${encodeURIComponent(order.id)}/credit-note`} label={t("creditNoteOf", { number: order.number })}>
              {t("creditNote")}
            </FileButton>
          ) : null}
          {order.status === "delivered" && order.result ? (
            <FileButton path={`/api/orders/${encodeURIComponent(order.id)}/result`} label={t("downloadFile", { fileName: order.result.fileName })}>
              {t("download")}
            </FileButton>
          ) : null}
        </div>
      </div>
    </li>
  );
}
