import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { createDeliverableReads, type DeliverableReads } from "./deliverables.repository";
import { createOrderReads, type OrderReads } from "./order-reads.repository";
import { createOrderThreadReads, type OrderThreadReads } from "./order-thread-reads.repository";
import { createOrderWorkReads, type OrderWorkReads } from "./order-work-reads.repository";
import { createOrderWrites, type OrderWrites } from "./order-writes.repository";

export type {
  IdempotencyRow,
  ListedOrderRow,
  OrderEventRow,
  OrderFileRow,
  OrderItemRow,
  OrderMessageRow,
  OrderRow,
  OrderVersionRow,
  RecentOrderRow,
} from "./order-rows";

/**
 * Orders, their items, versions, files, events, messages, read markers, order numbers and idempotency records in one
 * port: the reads of the order (order-reads), of its work (order-work-reads), of its thread (order-thread-reads) and
 * every write (order-writes).
 */
export interface OrdersRepository extends OrderReads, OrderWorkReads, OrderThreadReads, OrderWrites, DeliverableReads {}

export function createOrdersRepository(db: Kysely<Database>): OrdersRepository {
  return {
    ...createOrderReads(db),
    ...createOrderWorkReads(db),
    ...createOrderThreadReads(db),
    ...createOrderWrites(db),
    ...createDeliverableReads(db),
  };
}
