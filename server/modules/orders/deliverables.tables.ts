import type { Generated } from "kysely";
import type { DeliverableStatus } from "../../../contract/deliverables";

/**
 * The unit of work (LIFECYCLE.md): one per service of an order, with its own state, writer, clock, revision rounds,
 * versions, events and refunds. The order keeps what belongs to the payment.
 */
export interface DeliverablesTable {
  id: string;
  order_id: string;
  /** 1, 2, … within the order: the `{n}` of /api/orders/{id}/deliverables/{n}. */
  n: number;
  /** The order item it comes from (a bundle item yields one deliverable per service it contains). */
  item_position: number;
  /** The service worked (an older bundle order migrated as one deliverable names the bundle). */
  product_id: string;
  /** The bundle it was bought in, or null when bought alone. */
  bundle_id: string | null;
  /** Integer minor units of the order's currency: its share of what was paid. */
  price: number;
  status: DeliverableStatus;
  /** Placing time plus the service's turnaround in business days, moved later by the time spent in needs_info. */
  due_at: string;
  /** Set while in needs_info: when the question was asked (the clock is paused since). */
  needs_info_since: string | null;
  /** The status an answer returns it to (paid or in_progress). */
  resume_status: DeliverableStatus | null;
  revision_rounds: number;
  revisions_used: number;
  /** Business days a revision takes (the service's revision turnaround at placing time). */
  revision_days: number;
  /** The writer working on it (a staff user). */
  assigned_to: string | null;
  /** The latest delivery. */
  delivered_at: string | null;
  /** While delivered: when it completes on its own. */
  review_ends_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The options it was bought with, as JSON `[{id, kind, price, nextFreeDay}]` (price: minor units, part of `price`;
   * nextFreeDay: a rush moved to the next free day), `[]` for none (docs/decisions/XXXX-service-options.md).
   */
  options_json: Generated<string>;
}

/** Rush deliveries booked per due day (UTC `YYYY-MM-DD`) against the daily rush capacity. */
export interface RushBookingsTable {
  day: string;
  booked: number;
}

/** Money given back on a deliverable: a refund (with or without cancelling it) or a goodwill credit. */
export interface DeliverableAdjustmentsTable {
  id: string;
  order_id: string;
  deliverable_id: string;
  kind: "refund" | "credit";
  /** Positive integer minor units in the order's currency. */
  amount: number;
  reason: string;
  /** The manager or admin who gave it; the customer (own cancel) or null (migrated). */
  actor_id: string | null;
  created_at: string;
}

export interface DeliverableTables {
  deliverables: DeliverablesTable;
  deliverable_adjustments: DeliverableAdjustmentsTable;
  rush_bookings: RushBookingsTable;
}
