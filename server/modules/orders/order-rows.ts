import type { Selectable } from "kysely";
import type {
  IdempotencyKeysTable,
  OrderEventsTable,
  OrderFilesTable,
  OrderItemsTable,
  OrderMessagesTable,
  OrdersTable,
  OrderVersionsTable,
} from "./orders.tables";

/** The rows of the orders module's tables as read. */
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type IdempotencyRow = Selectable<IdempotencyKeysTable>;
export type OrderVersionRow = Selectable<OrderVersionsTable>;
export type OrderFileRow = Selectable<OrderFilesTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type OrderMessageRow = Selectable<OrderMessagesTable>;
/** The columns of an order in the customer's list. */
export type ListedOrderRow = Pick<
  OrderRow,
  "id" | "seq" | "number" | "status" | "created_at" | "currency" | "total" | "discount" | "promo_code" | "due_at" | "needs_info_since"
>;
/** The columns of an order on the back office's customers page. */
export type RecentOrderRow = Pick<OrderRow, "id" | "number" | "status" | "currency" | "total" | "created_at">;
