import { useTranslation } from "react-i18next";
import type { Locale } from "../../../common/locales";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import { DeliverableCard } from "./deliverable-card";
import { DeliveredVersions } from "./delivered-versions";
import { useNow } from "./use-now";

/**
 * The order's services, one card each, and the versions an older order of several services got as a whole (no
 * deliverable named; decision 0059), listed once under them when no card shows them.
 */
export function DeliverableList({
  order,
  name,
  locale,
  onChange,
}: {
  order: OrderDetail;
  name(n: number): string;
  locale: Locale;
  onChange(order: OrderDetail): void;
}) {
  const { t } = useTranslation("orders");
  const now = useNow();
  const shown = new Set(
    order.deliverables.flatMap((deliverable) => deliverable.versions.map((version) => version.number)),
  );
  const wholeOrder = order.versions.filter((version) => version.deliverable === null && !shown.has(version.number));
  return (
    <section aria-labelledby="order-deliverables" className="space-y-4">
      <h2 id="order-deliverables" className="text-lg font-semibold">
        {t("deliverables.heading")}
      </h2>
      <ol className="space-y-4">
        {order.deliverables.map((deliverable) => (
          <DeliverableCard
            key={deliverable.n}
            order={order}
            deliverable={deliverable}
            service={name(deliverable.n)}
            locale={locale}
            now={now}
            onChange={onChange}
          />
        ))}
      </ol>
      {wholeOrder.length > 0 ? (
        <div data-testid="whole-order-versions">
          <DeliveredVersions
            orderId={order.id}
            versions={wholeOrder}
            heading={t("deliverables.wholeOrder")}
            level="h3"
            locale={locale}
          />
        </div>
      ) : null}
    </section>
  );
}
