import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffDeliverable, StaffOrderDetail } from "../../../contract/admin-orders";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import type { Deliverable } from "../../../contract/order-lifecycle";
import { FormAlert } from "~/components/ui/form-alert";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format-date";
import { useProductName } from "~/lib/product-name";
import { DeliverableMoves } from "./deliverable-moves";
import { ResultUpload } from "./result-upload";
import { RevisionBanner } from "./revision-banner";
import { StaffFileLink } from "./staff-file-link";

/**
 * One deliverable of an order as staff see it: the revision request first when the customer asked for changes, then
 * its service, share of the price, status, due date, writer and money given back, then what the caller may do on it.
 */
export function DeliverableSection({
  order,
  deliverable,
  work,
  onChange,
}: {
  order: StaffOrderDetail;
  deliverable: Deliverable;
  work: StaffDeliverable;
  onChange(): void;
}) {
  const { t } = useTranslation("admin-orders");
  const { t: to } = useTranslation("options");
  const { locale } = useLocale();
  const productName = useProductName();
  const [delivered, setDelivered] = useState<number | null>(null);
  const n = deliverable.n;
  const service = productName(deliverable.productId);
  const money = (major: number) => formatMoney(moneyFromApi(major, order.currency), locale);
  const facts: Array<[string, string]> = [
    [t("deliverable.share"), money(deliverable.price)],
    [
      t("deliverable.status"),
      `${t(`status.${deliverable.status}`)}${deliverable.late ? ` · ${t("queue.lateBadge")}` : ""}`,
    ],
    [t("deliverable.due"), formatDateTime(deliverable.dueAt, locale)],
    [t("deliverable.writer"), work.writer?.name ?? t("queue.nobody")],
    // The favourite writer the buyer asked for (issue 28): shown whether they got it or it went to the pool.
    ...(deliverable.wishedWriter
      ? [[t("deliverable.wished"), t(deliverable.wishedWriter.active ? "deliverable.wishedActive" : "deliverable.wishedInactive", { name: deliverable.wishedWriter.displayName })] as [string, string]]
      : []),
    // What the writer owes besides the service (issue 28): each option bought, a rush moved to the next free day saying so.
    ...(deliverable.options.length > 0
      ? [[to("heading"), deliverable.options.map((option) => `${to(`names.${option.id}`)}${option.nextFreeDay ? ` (${to("nextFreeDay")})` : ""}`).join(", ")] as [string, string]]
      : []),
    ...(work.refunded > 0 ? [[t("deliverable.refunded"), money(work.refunded)] as [string, string]] : []),
    ...(work.credited > 0 ? [[t("deliverable.credited"), money(work.credited)] as [string, string]] : []),
  ];
  return (
    <section
      id={`deliverable-${n}`}
      aria-labelledby={`deliverable-${n}-heading`}
      className="space-y-4 rounded-lg border border-slate-300 p-4 dark:border-slate-800"
      data-testid={`deliverable-${n}`}
    >
      <h2 id={`deliverable-${n}-heading`} className="text-lg font-semibold">
        {t("deliverable.heading", { service, n, total: order.deliverables.length })}
      </h2>
      {deliverable.status === "revision_requested" && work.revisionRequest ? (
        <RevisionBanner n={n} request={work.revisionRequest} />
      ) : null}
      <dl
        className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1 text-sm"
        data-testid={`deliverable-facts-${n}`}
      >
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {delivered !== null ? <FormAlert tone="success" title={t("upload.done", { version: delivered })} /> : null}
      <DeliverableMoves order={order} deliverable={deliverable} work={work} service={service} onChange={onChange} />
      {work.staffActions.includes("deliver") ? (
        <ResultUpload
          order={order}
          n={n}
          onDelivered={(version) => {
            setDelivered(version);
            onChange();
          }}
        />
      ) : null}
      {order.access === "pool" ? null : <Versions order={order} deliverable={deliverable} />}
    </section>
  );
}

/** What was delivered for this deliverable, newest first: each version's note and files (a link and the size). */
function Versions({ order, deliverable }: { order: StaffOrderDetail; deliverable: Deliverable }) {
  const { t } = useTranslation("admin-orders");
  const { locale } = useLocale();
  const n = deliverable.n;
  if (deliverable.versions.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{t("deliverable.versions")}</h3>
      <ol className="space-y-2">
        {[...deliverable.versions].reverse().map((version) => (
          <li key={version.number} className="rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-800" data-testid={`staff-version-${n}-${version.number}`}>
            <p className="font-medium">{t("order.version", { number: version.number, date: formatDateTime(version.createdAt, locale) })}</p>
            {version.note ? <p className="whitespace-pre-line">{version.note}</p> : null}
            <ul className="list-disc pl-5">
              {version.files.map((file) => (
                <li key={file.id}>
                  <StaffFileLink orderId={order.id} orderNumber={order.number} file={file} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
