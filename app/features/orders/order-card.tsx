import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import type { OrderListEntry } from "../../../contract/orders";
import type { Locale } from "../../../common/locales";
import { formatDateTime } from "~/lib/format-date";
import { DownloadButton } from "./download-button";
import { OrderDocuments } from "./order-documents";
import { OrderProgressText } from "./order-progress";
import { StatusBadge } from "./status-badge";

/** One order in the list: number (to its page), status, progress, due date, what it holds, the total, and its latest result. */
export function OrderCard({ order, locale, productName, href }: { order: OrderListEntry; locale: Locale; productName(id: string): string; href: string }) {
  const { t } = useTranslation("orders");
  const money = (major: number) => formatMoney(moneyFromApi(major, order.currency), locale);
  const headingId = `order-${order.id}`;
  const open = !["completed", "cancelled"].includes(order.status);
  return (
    <li className="rounded-lg border border-slate-300 dark:border-slate-800 bg-slate-50 dark:bg-slate-900 p-4" aria-labelledby={headingId} data-testid={`order-${order.number}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          <Link to={href} className="text-indigo-700 underline dark:text-indigo-300">
            {t("number", { number: order.number })}
          </Link>
        </h2>
        <StatusBadge status={order.status} late={order.late} />
      </div>
      {order.needsAttention ? (
        <p className="mt-2 font-medium text-orange-800 dark:text-orange-300" data-testid="order-attention">
          {order.status === "needs_info" || order.status === "delivered" ? t(`attention.${order.status}`) : null}
        </p>
      ) : null}
      <OrderProgressText progress={order.progress} className="mt-1 text-sm font-medium" />
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t("placedOn", { date: formatDateTime(order.createdAt, locale) })}
        {open ? ` · ${t("dueOn", { date: formatDateTime(order.dueAt, locale) })}` : null}
      </p>
      <p className="mt-2 text-sm">{order.items.map((item) => productName(item.productId)).join(", ")}</p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4 border-t border-slate-300 dark:border-slate-800 pt-3">
        <p className="text-lg font-semibold">
          {t("total")} <span className="tabular-nums" data-testid="order-total">{money(order.total)}</span>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <OrderDocuments order={order} locale={locale} />
          {order.result ? <DownloadButton path={`/api/orders/${encodeURIComponent(order.id)}/result`} fileName={order.result.fileName} /> : null}
          <Link to={href} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            {t("open")}
          </Link>
        </div>
      </div>
    </li>
  );
}
