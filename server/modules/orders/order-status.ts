import type { DeliverableStatus } from "../../../contract/deliverables";
import type { OrderProgress, OrderStatus } from "../../../contract/orders";

/** While an order is open, the status it shows is its most pressing deliverable's: what someone has to do next. */
const OPEN_ORDER: readonly DeliverableStatus[] = [
  "needs_info",
  "delivered",
  "revision_requested",
  "in_progress",
  "paid",
];

/**
 * The order's status, derived from its deliverables (LIFECYCLE.md): `cancelled` when all are cancelled, `completed`
 * when each is completed or cancelled (at least one completed), otherwise the most pressing open one's.
 */
export function orderStatusOf(statuses: readonly DeliverableStatus[]): OrderStatus {
  if (statuses.length === 0) throw new RangeError("an order has at least one deliverable");
  if (statuses.every((status) => status === "cancelled")) return "cancelled";
  if (statuses.every((status) => status === "completed" || status === "cancelled")) return "completed";
  return OPEN_ORDER.find((status) => statuses.includes(status)) ?? "paid";
}

/** "2 of 4 delivered": delivered counts the completed ones too. */
export function progressOf(statuses: readonly DeliverableStatus[]): OrderProgress {
  const count = (...wanted: DeliverableStatus[]) => statuses.filter((status) => wanted.includes(status)).length;
  return {
    total: statuses.length,
    delivered: count("delivered", "completed"),
    completed: count("completed"),
    cancelled: count("cancelled"),
  };
}
