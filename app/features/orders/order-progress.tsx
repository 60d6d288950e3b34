import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { OrderProgress } from "../../../contract/orders";

/**
 * "2 of 3 delivered · 1 cancelled": delivered (completed ones included) out of the deliverables not cancelled, and how
 * many were cancelled when any was.
 */
export function progressWording(progress: OrderProgress, t: TFunction<"orders">): string {
  const going = progress.total - progress.cancelled;
  const parts = going > 0 ? [t("progress.delivered", { delivered: progress.delivered, total: going })] : [];
  if (progress.cancelled > 0) parts.push(t("progress.cancelled", { count: progress.cancelled }));
  return parts.join(" · ");
}

/** An order's progress in words, for its card in the list and its page's header. */
export function OrderProgressText({ progress, className }: { progress: OrderProgress; className?: string }) {
  const { t } = useTranslation("orders");
  return (
    <p className={className} data-testid="order-progress">
      {progressWording(progress, t)}
    </p>
  );
}
