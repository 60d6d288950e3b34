import type { Generated } from "kysely";
import type { OrderStatus } from "../../../contract/orders";

export interface OrdersTable {
  id: string;
  /** Increasing per order (from order_numbers); the number shown to people is made from it. */
  seq: number;
  /** Human-friendly, unique: `SC-000042`. */
  number: string;
  user_id: string;
  status: OrderStatus;
  currency: string;
  /** Integer minor units: the sum of the items' prices. */
  total: number;
  /** The billing fields sent with the order, as JSON. */
  billing_json: string;
  /** Language of the mails about this order. */
  locale: string;
  created_at: string;
  updated_at: string;
  /** Set at delivery: the storage key, what the download sends, and its strong ETag (sha256 of the bytes). */
  result_key: string | null;
  result_file_name: string | null;
  result_content_type: string | null;
  result_size: number | null;
  result_sha256: string | null;
  delivered_at: string | null;
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

export interface OrderTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_numbers: OrderNumbersTable;
  idempotency_keys: IdempotencyKeysTable;
}
