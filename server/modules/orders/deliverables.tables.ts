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
  /** The favourite writer the buyer asked for when ordering (issue 28), or null; kept when they could not take it. */
  wished_writer_id: string | null;
  /** The latest delivery. */
  delivered_at: string | null;
  /** While delivered: when it completes on its own. */
  review_ends_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /** The queue's sort keys (order-sort-keys.ts): the customer's name, the writer's (U+FFFF when nobody's), the order's total. */
  customer_sort: string;
  writer_sort: string;
  order_total: number;
  /**
   * The options it was bought with, as JSON `[{id, kind, price, nextFreeDay}]` (price: minor units, part of `price`;
   * nextFreeDay: a rush moved to the next free day), `[]` for none (docs/decisions/0077-service-options.md).
   */
  options_json: Generated<string>;
  /** The UTC day a rush booked against the rush capacity; null without a rush, or once the slot was given back. */
  rush_day: string | null;
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

/** The on-time guarantee's credit of a late deliverable: at most one per deliverable (its primary key). */
export interface OnTimeCreditsTable {
  deliverable_id: string;
  order_id: string;
  currency: string;
  /** Positive integer minor units: the guarantee's share of the deliverable's price. */
  amount: number;
  /** The share in percent when it was given (ON_TIME_CREDIT_PERCENT). */
  percent: number;
  /** The new expected delivery date the apology names. */
  expected_at: string;
  created_at: string;
}

/** A buyer's favourite writer, marked on a deliverable the buyer accepted (issue 28). */
export interface FavouriteWritersTable {
  user_id: string;
  writer_id: string;
  /** The deliverable it was marked on (null once that is gone). */
  deliverable_id: string | null;
  created_at: string;
}

export interface DeliverableTables {
  deliverables: DeliverablesTable;
  deliverable_adjustments: DeliverableAdjustmentsTable;
  on_time_credits: OnTimeCreditsTable;
  favourite_writers: FavouriteWritersTable;
  rush_bookings: RushBookingsTable;
}
