import type { Generated } from "kysely";
import type { OrderStatus } from "../../../contract/orders";
import type { DeliverableTables } from "./deliverables.tables";

export interface OrdersTable {
  id: string;
  /** Increasing per order (from order_numbers); the number shown to people is made from it. */
  seq: number;
  /** Human-friendly, unique: `SC-000042`. */
  number: string;
  user_id: string;
  status: OrderStatus;
  currency: string;
  /** Integer minor units: what was paid, the sum of the items' prices less `discount`. */
  total: number;
  /** Minor units the promotion code took off (0 without one); the deliverables' prices already have it taken off. */
  discount: Generated<number>;
  /** The promotion code used, as typed in capitals, or null. */
  promo_code: string | null;
  /** The billing fields sent with the order, as JSON. */
  billing_json: string;
  /** Language of the mails about this order. */
  locale: string;
  created_at: string;
  updated_at: string;
  /** Placing time plus the turnaround in business days, moved later by the time spent in needs_info. */
  due_at: string;
  /** Set while in needs_info: when the question was asked (the clock is paused since). */
  needs_info_since: string | null;
  /** The status an answer returns the order to (paid or in_progress). */
  resume_status: OrderStatus | null;
  revision_rounds: number;
  revisions_used: number;
  /** The writer working on it (a staff user). */
  assigned_to: string | null;
  /** The latest delivery. */
  delivered_at: string | null;
  /** While delivered: when the order completes on its own. */
  review_ends_at: string | null;
  completed_at: string | null;
}

/** A delivery: version 1, 2… of the result, each with one or more files. */
export interface OrderVersionsTable {
  id: string;
  order_id: string;
  /** The deliverable delivered; null on an older order of several items, delivered as a whole. */
  deliverable_id: string | null;
  number: number;
  note: string;
  created_by: string | null;
  created_at: string;
}

/** A stored file of an order: a result file (version_id) or a message attachment (message_id). */
export interface OrderFilesTable {
  id: string;
  order_id: string;
  /** A result file's deliverable (as its version's); null for attachments and older orders of several items. */
  deliverable_id: string | null;
  version_id: string | null;
  message_id: string | null;
  position: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  /** Hex sha256 of the bytes: the strong ETag of its download. */
  sha256: string;
  created_at: string;
}

/** The timeline: who moved the order when, from and to which status, with a note. */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  /** The deliverable it happened to; null when about the whole order. */
  deliverable_id: string | null;
  /** 1, 2, … per order: the timeline's order (several events may share a time). */
  seq: number;
  at: string;
  /** null for the system (the review window, the late flag). */
  actor_id: string | null;
  actor_role: "customer" | "writer" | "manager" | "admin" | "system";
  /** status: a transition; late: the due date passed; reminder: a review reminder went out. */
  kind: "status" | "late" | "reminder" | "assigned";
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  note: string;
}

export interface OrderMessagesTable {
  id: string;
  order_id: string;
  /** The deliverable the message is about, when it names one. */
  deliverable_id: string | null;
  author_id: string;
  author_role: "customer" | "writer" | "manager" | "admin";
  /** 1: a staff note the customer never sees. */
  internal: number;
  body: string;
  created_at: string;
}

/** Read markers: up to when each person has read an order's thread. */
export interface OrderReadsTable {
  order_id: string;
  user_id: string;
  read_at: string;
}

export interface OrderItemsTable {
  order_id: string;
  position: number;
  product_id: string;
  /** Integer minor units in the order's currency, priced by the server. */
  price: number;
  brief_json: string;
}

/** One row per order number handed out (auto-increment: a sequence on PostgreSQL); a refused order may leave a gap. */
export interface OrderNumbersTable {
  seq: Generated<number>;
}

/** The first answer to a POST /api/orders sent with an Idempotency-Key, per user and key. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** sha256 of the request body: the same key with another body is refused. */
  request_hash: string;
  response_json: string;
  created_at: string;
}

/**
 * An order waiting for the deposit that pays its shortfall (docs/decisions/0061-pay-the-difference.md): the request
 * as the cart sent it, written in the deposit's transaction; placed once when the deposit is paid, or refused (the
 * money stays on the balance) with the reason.
 */
export interface PendingCheckoutsTable {
  deposit_id: string;
  user_id: string;
  currency: string;
  /** Minor units: the cart's total when the buyer started paying; another total at confirmation places nothing. */
  total: number;
  /** The POST /api/orders body: billing, the cart with its briefs, the currency. */
  request_json: string;
  locale: string;
  status: "awaiting" | "placed" | "refused";
  /** The placed order's answer (PlaceOrderResponse). */
  response_json: string | null;
  /** Why nothing was placed: a message key and its values. */
  reason_json: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The orders' full-text search rows: an order's number, each brief, each message and internal note (kind), written by
 * the database's triggers from orders, order_items and order_messages, never by the app (docs/decisions/0069-full-text-search.md).
 */
export interface OrderSearchTable {
  rid: Generated<number>;
  order_id: string;
  kind: "order" | "brief" | "message" | "note";
  /** The source row: the order's id, `<order id>:<item position>`, the message's id. */
  key: string;
  document: string;
}

/** SQLite: the order_search rows not in the FTS5 index yet (order-search-index.ts; 2026-11-28-97). */
export interface OrderSearchPendingTable {
  rid: number;
}

export interface OrderTables extends DeliverableTables {
  order_search: OrderSearchTable;
  order_search_pending: OrderSearchPendingTable;
  pending_checkouts: PendingCheckoutsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_numbers: OrderNumbersTable;
  idempotency_keys: IdempotencyKeysTable;
  order_versions: OrderVersionsTable;
  order_files: OrderFilesTable;
  order_events: OrderEventsTable;
  order_messages: OrderMessagesTable;
  order_reads: OrderReadsTable;
}
