import type { Expression, ExpressionBuilder, OrderByDirection, SelectQueryBuilder } from "kysely";
import type { AdminOrderQuery, QueueSort } from "../../../contract/admin-orders";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";

type Eb = ExpressionBuilder<Database, "orders" | "deliverables">;

/** The queue's sort as asked: a column and a direction (`sort=-due` is the due date, latest first). */
export interface QueueOrder {
  column: QueueSort;
  direction: OrderByDirection;
  /** The due-date sorts page by keyset (docs/decisions/0032-…); the others by page number. */
  keyset: boolean;
}

export function queueOrder(query: Pick<AdminOrderQuery, "sort" | "dir">): QueueOrder {
  const column: QueueSort = query.sort === "-due" ? "due" : query.sort;
  const direction: OrderByDirection = query.sort === "-due" ? (query.dir === "asc" ? "asc" : "desc") : (query.dir ?? "asc");
  return { column, direction, keyset: column === "due" };
}

/**
 * The value a column sorts by: the order number's sequence, else a column of the deliverable with an index ending in
 * the due date and the id (the names and the order's total are the orders module's own copies, order-sort-keys.ts).
 */
function sortKey(eb: Eb, column: Exclude<QueueSort, "due">): Expression<unknown> {
  switch (column) {
    case "number":
      return eb.ref("orders.seq");
    case "customer":
      return eb.ref("deliverables.customer_sort");
    case "service":
      return eb.ref("deliverables.product_id");
    case "status":
      return eb.ref("deliverables.status");
    case "price":
      return eb.ref("deliverables.order_total");
    case "writer":
      // Unassigned work carries U+FFFF: after every name going up, before them going down.
      return eb.ref("deliverables.writer_sort");
  }
}

/**
 * The ORDER BY and offset of page `page` (from 1): the column, then the due date and the deliverable as tie-breakers
 * (a stable order, so page n+1 follows page n), all in the asked direction: going down is the exact reverse of going
 * up, so both walk the column's index (forwards or backwards) and stop after the page. The due date alone orders as
 * the keyset does.
 */
export function sortedPage<O>(
  select: SelectQueryBuilder<Database, "orders" | "deliverables", O>,
  order: QueueOrder,
  page: number,
  limit: number,
): SelectQueryBuilder<Database, "orders" | "deliverables", O> {
  const column = order.column;
  let sorted = select;
  if (column !== "due") sorted = sorted.orderBy((eb) => sortKey(eb, column), order.direction);
  if (column === "number") sorted = sorted.orderBy("deliverables.n", order.direction);
  return sorted.orderBy("deliverables.due_at", order.direction).orderBy("deliverables.id", order.direction).offset((page - 1) * limit);
}

/** A cursor belongs to the due-date keyset; with another sort the page number pages. */
export function checkCursor(query: Pick<AdminOrderQuery, "cursor" | "page">, order: QueueOrder): void {
  if (query.cursor && !query.page && !order.keyset) throw DomainError.field("cursor", "adminOrders.cursorNeedsDueSort");
}
