import { useTranslation } from "react-i18next";
import type { Locale } from "../../../common/locales";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import type { Deliverable, OrderDetail } from "../../../contract/order-lifecycle";
import { formatDateTime } from "~/lib/format-date";
import { useProductName } from "~/lib/product-name";
import { DeliverableActions } from "./deliverable-actions";
import { DeliverableOptions } from "./deliverable-options";
import { DeliveredVersions } from "./delivered-versions";
import { DeliverableWriter } from "./deliverable-writer";
import { ProgressTracker } from "./progress-tracker";
import { timeLeft } from "./review-countdown";
import { StatusBadge } from "./status-badge";

/** Still on its way: the due date matters (a revision's due date is in the tracker unless it is late). */
function showsDue({ status, late }: Deliverable): boolean {
  return (
    status === "paid" ||
    status === "needs_info" ||
    status === "in_progress" ||
    (status === "revision_requested" && late)
  );
}

function ReviewCountdown({ endsAt, now, locale }: { endsAt: string; now: Date; locale: Locale }) {
  const { t } = useTranslation("orders");
  const left = timeLeft(endsAt, now);
  return (
    <p className="text-sm" data-testid="review-countdown">
      <span className="font-medium">
        {left.unit === "ending"
          ? t("deliverables.review.ending")
          : t(`deliverables.review.${left.unit}`, { count: left.count })}
      </span>{" "}
      {t("deliverables.review.until", { date: formatDateTime(endsAt, locale) })}
    </p>
  );
}

export interface DeliverableCardProps {
  order: Pick<OrderDetail, "id" | "currency" | "deliverables">;
  deliverable: Deliverable;
  /** Its name on this page (deliverable-name.ts). */
  service: string;
  locale: Locale;
  now: Date;
  onChange(order: OrderDetail): void;
}

/** One service of the order: its price share, progress, due date or review countdown, versions and moves. */
export function DeliverableCard({ order, deliverable, service, locale, now, onChange }: DeliverableCardProps) {
  const { t } = useTranslation("orders");
  const productName = useProductName();
  const money = (major: number) => formatMoney(moneyFromApi(major, order.currency), locale);
  const headingId = `deliverable-${order.id}-${deliverable.n}`;
  const due = formatDateTime(deliverable.dueAt, locale);
  return (
    <li
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-800"
      data-testid={`deliverable-${deliverable.n}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {service}
        </h3>
        <StatusBadge status={deliverable.status} late={deliverable.late} testId="deliverable-status" />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {deliverable.bundleId
          ? `${t("deliverables.inBundle", { bundle: productName(deliverable.bundleId) })} · `
          : null}
        <span className="tabular-nums" data-testid="deliverable-price">
          {deliverable.bundleId
            ? t("deliverables.share", { price: money(deliverable.price) })
            : t("deliverables.price", { price: money(deliverable.price) })}
        </span>
      </p>
      <DeliverableOptions deliverable={deliverable} money={money} />
      <ProgressTracker deliverable={deliverable} service={service} locale={locale} money={money} />
      {showsDue(deliverable) ? (
        <p
          className={deliverable.late ? "font-semibold text-red-700 dark:text-red-300" : "text-sm"}
          data-testid="deliverable-due"
        >
          {deliverable.late ? t("deliverables.lateSince", { date: due }) : t("deliverables.dueOn", { date: due })}
        </p>
      ) : null}
      {deliverable.status === "delivered" && deliverable.reviewEndsAt ? (
        <ReviewCountdown endsAt={deliverable.reviewEndsAt} now={now} locale={locale} />
      ) : null}
      {deliverable.onTimeCredit ? (
        <p className="text-sm" data-testid="on-time-credit">
          {t("deliverables.onTimeCredit", { amount: money(deliverable.onTimeCredit.amount), date: formatDateTime(deliverable.onTimeCredit.expectedAt, locale) })}
        </p>
      ) : null}
      {deliverable.credited - (deliverable.onTimeCredit?.amount ?? 0) > 0.001 ? (
        <p className="text-sm">{t("deliverables.credited", { amount: money(deliverable.credited - (deliverable.onTimeCredit?.amount ?? 0)) })}</p>
      ) : null}
      <DeliverableWriter orderId={order.id} deliverable={deliverable} onChange={onChange} />
      <DeliveredVersions
        orderId={order.id}
        versions={deliverable.versions}
        heading={t("versions.heading")}
        level="h4"
        locale={locale}
      />
      <DeliverableActions
        orderId={order.id}
        deliverable={deliverable}
        service={service}
        others={order.deliverables.length > 1}
        currency={order.currency}
        locale={locale}
        onChange={onChange}
      />
    </li>
  );
}
