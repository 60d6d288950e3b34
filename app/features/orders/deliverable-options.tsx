import { useTranslation } from "react-i18next";
import type { Deliverable } from "../../../contract/order-lifecycle";

/**
 * What a deliverable was bought with (docs/decisions/0077-service-options.md): each option and its price, a rush moved
 * to the next free day saying so, and the revision rounds it has (the extra round included).
 */
export function DeliverableOptions({ deliverable, money }: { deliverable: Deliverable; money(major: number): string }) {
  const { t } = useTranslation("options");
  const movedRush = deliverable.options.some((option) => option.nextFreeDay);
  return (
    <div className="text-sm" data-testid="deliverable-options">
      {deliverable.options.length > 0 ? (
        <p>
          <span className="font-medium">{t("onOrder")}</span>{" "}
          {deliverable.options.map((option) => `${t(`names.${option.id}`)} (${money(option.price)})`).join(", ")}
        </p>
      ) : null}
      <p data-testid="deliverable-rounds">{t("rounds", { count: deliverable.revisionRounds })}</p>
      {movedRush ? <p data-testid="rush-next-free-day">{t("nextFreeDay")}</p> : null}
    </div>
  );
}
