import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import { FormAlert } from "../../components/ui/form-alert";
import { useLocale } from "../../i18n/use-locale";
import { ApiClientError } from "~/lib/api/api-error";
import { errorText } from "~/lib/error-text";
import { formatDateTime } from "~/lib/format-date";
import { useProductName } from "~/lib/product-name";
import { BriefEditor } from "./brief-editor";
import { DeliverableList } from "./deliverable-list";
import { useDeliverableName } from "~/lib/deliverable-name";
import { OrderBrief } from "./order-brief";
import { OrderDocuments } from "./order-documents";
import { OrderNotFound } from "./order-not-found";
import { OrderProgressText } from "./order-progress";
import { OrderThread } from "./order-thread";
import { StatusBadge } from "./status-badge";
import { useOrder } from "./use-order";

const NO_DELIVERABLES: OrderDetail["deliverables"] = [];

/** /profile/orders/{number}: status, progress and due date, each service with its versions and moves, the thread, the briefs and the timeline. */
export function OrderPage({ number }: { number: string }) {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const { locale, to } = useLocale();
  const productName = useProductName();
  const { order, failure, replace } = useOrder(number);
  const deliverableName = useDeliverableName(order?.deliverables ?? NO_DELIVERABLES);
  const [editing, setEditing] = useState<number | null>(null);
  if (failure instanceof ApiClientError && failure.status === 404) return <OrderNotFound number={number} ordersPath={to("/profile/orders")} />;
  if (failure) return <FormAlert tone="error" title={errorText(failure, te)} />;
  if (!order) return <p role="status">{t("loading")}</p>;
  const money = (major: number) => formatMoney(moneyFromApi(major, order.currency), locale);
  const open = !["completed", "cancelled"].includes(order.status);

  return (
    <div className="space-y-8" data-testid="order-page">
      <Link to={to("/profile/orders")} className="text-sm text-indigo-700 underline dark:text-indigo-300">
        {t("backToList")}
      </Link>
      <header className="space-y-2">
        <StatusBadge status={order.status} late={order.late} />
        <OrderProgressText progress={order.progress} className="text-sm font-medium" />
        <p className="text-sm">
          {t("placedOn", { date: formatDateTime(order.createdAt, locale) })} · {t("total")} <span className="tabular-nums">{money(order.total)}</span>
          {order.discount > 0 && order.promoCode ? (
            <span data-testid="order-discount"> · {t("discount", { code: order.promoCode, amount: money(order.discount) })}</span>
          ) : null}
        </p>
        {open ? (
          <p className={order.late ? "font-semibold text-red-700 dark:text-red-300" : ""} data-testid="order-due">
            {order.late ? t("lateSince", { date: formatDateTime(order.dueAt, locale) }) : t("dueOn", { date: formatDateTime(order.dueAt, locale) })}
          </p>
        ) : null}
        {order.needsAttention ? <p className="font-medium text-orange-800 dark:text-orange-300">{order.status === "needs_info" || order.status === "delivered" ? t(`attention.${order.status}`) : null}</p> : null}
        <OrderDocuments order={order} locale={locale} />
      </header>

      <DeliverableList order={order} name={deliverableName} locale={locale} onChange={replace} />

      <OrderThread order={order} deliverableName={deliverableName} locale={locale} onChange={replace} />

      <section aria-labelledby="order-briefs" className="space-y-3">
        <h2 id="order-briefs" className="text-lg font-semibold">{t("briefs")}</h2>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a placed order's items never change or move, so the position is the item's identity
          <div key={index} className="rounded-lg border border-slate-300 p-3 dark:border-slate-800">
            <p className="mb-2 flex justify-between gap-4 font-medium">
              <span>{productName(item.productId)}</span>
              <span className="tabular-nums">{money(item.price)}</span>
            </p>
            {editing === index ? (
              <BriefEditor
                orderId={order.id}
                position={index}
                productId={item.productId}
                brief={item.brief}
                locale={locale}
                serviceName={productName}
                onCancel={() => setEditing(null)}
                onSaved={(next) => {
                  setEditing(null);
                  replace(next);
                }}
              />
            ) : (
              <>
                <OrderBrief productId={item.productId} brief={item.brief} locale={locale} serviceName={productName} />
                {order.status === "needs_info" ? (
                  <button type="button" className="mt-3 text-sm font-medium text-indigo-700 underline dark:text-indigo-300" onClick={() => setEditing(index)} data-testid={`edit-brief-${index}`}>
                    {t("briefEdit.open")}
                  </button>
                ) : null}
              </>
            )}
          </div>
        ))}
      </section>

      <section aria-labelledby="order-timeline" className="space-y-3">
        <h2 id="order-timeline" className="text-lg font-semibold">{t("timeline.heading")}</h2>
        <ol className="space-y-2 border-l border-slate-300 pl-4 dark:border-slate-700" data-testid="order-timeline">
          {order.events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end, so an event keeps its position
            <li key={index} className="text-sm">
              <span className="text-slate-600 dark:text-slate-400">{formatDateTime(event.at, locale)}</span>{" "}
              {event.deliverable === null ? null : <span className="font-medium">{deliverableName(event.deliverable)} · </span>}
              {event.kind === "status" ? (event.to ? t(`timeline.to.${event.to}.${event.actor}`) : null) : t(`timeline.${event.kind}`)}
              {event.note ? <span className="block whitespace-pre-line text-slate-700 dark:text-slate-300">“{event.note}”</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
