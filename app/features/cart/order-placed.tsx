import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import type { PlaceOrderResponse } from "../../../contract/orders";
import type { Locale } from "../../../common/locales";
import { api } from "~/lib/api/client";
import { useDeliverableName } from "~/lib/deliverable-name";
import { formatDateTime } from "~/lib/format-date";

/** The placed order's page data, for its deliverables and due dates; `failed` when it could not be read. */
function usePlacedOrder(number: string): { order: OrderDetail | null; failed: boolean } {
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api<OrderDetail>(`/api/orders/${encodeURIComponent(number)}`)
      .then((answer) => live && setOrder(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [number]);
  return { order, failed };
}

/** Each service of the order with its due date: what the customer will receive, and by when. */
function PlacedDeliverables({ order, locale }: { order: OrderDetail; locale: Locale }) {
  const { t } = useTranslation("orders");
  const name = useDeliverableName(order.deliverables);
  return (
    <ul className="divide-y divide-slate-300 dark:divide-slate-700">
      {order.deliverables.map((deliverable) => (
        <li key={deliverable.n} className="flex flex-wrap justify-between gap-x-4 py-2" data-testid="placed-deliverable">
          <span className="font-medium">{name(deliverable.n)}</span>
          <span data-testid="placed-due">{t("dueOn", { date: formatDateTime(deliverable.dueAt, locale) })}</span>
        </li>
      ))}
    </ul>
  );
}

const NEXT_STEPS = ["start", "questions", "delivery"] as const;

/**
 * The thank-you page once the order is placed (issue 25, point 7): the order (number, total), its deliverables with
 * their due dates, what happens next, and links to follow it. The focus moves to its heading, so a screen reader
 * announces the outcome instead of starting again from the top of a page that changed under it.
 */
export function OrderPlaced({ order, locale, ordersPath }: { order: PlaceOrderResponse; locale: Locale; ordersPath: string }) {
  const { t } = useTranslation("cart");
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { order: detail, failed } = usePlacedOrder(order.number);
  useEffect(() => heading.current?.focus(), []);
  const total = formatMoney(moneyFromApi(order.total, order.currency), locale);
  const sectionHeading = "mb-2 text-xl font-semibold";
  return (
    <section aria-labelledby={headingId} className="space-y-8" data-testid="order-placed">
      <div className="space-y-2">
        <h1 ref={heading} id={headingId} tabIndex={-1} className="text-3xl font-semibold focus:outline-none" data-testid="thank-you-heading">
          {t("placed.title", { number: order.number })}
        </h1>
        <p>{t("placed.total", { total })}</p>
      </div>
      <section aria-labelledby="placed-summary" className="rounded-lg border border-slate-300 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="placed-summary" className={sectionHeading}>
          {t("placed.summary")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt>{t("placed.number")}</dt>
          <dd data-testid="placed-number">{order.number}</dd>
          <dt>{t("placed.paid")}</dt>
          <dd className="tabular-nums" data-testid="placed-total">
            {total}
          </dd>
        </dl>
        <h3 className="mt-4 mb-1 font-semibold">{t("placed.deliverables")}</h3>
        {detail ? <PlacedDeliverables order={detail} locale={locale} /> : <p role="status">{failed ? t("placed.unavailable") : t("placed.loading")}</p>}
      </section>
      <section aria-labelledby="placed-next">
        <h2 id="placed-next" className={sectionHeading}>
          {t("placed.next.heading")}
        </h2>
        <ol className="list-decimal space-y-2 pl-6" data-testid="placed-next-steps">
          {NEXT_STEPS.map((step) => (
            <li key={step}>{t(`placed.next.${step}`)}</li>
          ))}
        </ol>
      </section>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={`${ordersPath}/${order.number}`} className="font-medium text-indigo-700 underline dark:text-indigo-300" data-testid="open-placed-order">
          {t("placed.seeOrders")}
        </Link>
        <Link to={ordersPath} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {t("placed.allOrders")}
        </Link>
      </p>
    </section>
  );
}
