import { sql, type Expression, type ExpressionBuilder, type OrderByDirection, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { AdminOrderQuery, QueueSort } from "../../../contract/admin-orders";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";

type Eb = ExpressionBuilder<Database, "orders" | "deliverables">;

/** How the accounts module sorts people by name, as an expression of a user-id column (it alone reads its table). */
export interface NameSortKey {
  nameSortKey(userId: Expression<string | null>): RawBuilder<string | null>;
}

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

/** The value a column sorts by (the order number's sequence, the person's name through accounts, the order's total). */
function sortKey(eb: Eb, column: Exclude<QueueSort, "due">, people: NameSortKey): Expression<unknown> {
  switch (column) {
    case "number":
      return eb.ref("orders.seq");
    case "customer":
      return people.nameSortKey(eb.ref("orders.user_id"));
    case "service":
      return eb.ref("deliverables.product_id");
    case "status":
      return eb.ref("deliverables.status");
    case "price":
      return eb.ref("orders.total");
    case "writer":
      // Unassigned work sorts after every name going up, before them going down (the same on SQLite and PostgreSQL).
      return sql`coalesce(${people.nameSortKey(eb.ref("deliverables.assigned_to"))}, ${"\uffff"})`;
  }
}

/**
 * The ORDER BY and offset of page `page` (from 1): the column, then the due date and the deliverable as tie-breakers
 * (a stable order, so page n+1 follows page n). The due date alone orders as the keyset does.
 */
export function sortedPage<O>(
  select: SelectQueryBuilder<Database, "orders" | "deliverables", O>,
  order: QueueOrder,
  people: NameSortKey,
  page: number,
  limit: number,
): SelectQueryBuilder<Database, "orders" | "deliverables", O> {
  const column = order.column;
  let sorted = select;
  if (column !== "due") sorted = sorted.orderBy((eb) => sortKey(eb, column, people), order.direction);
  if (column === "number") sorted = sorted.orderBy("deliverables.n", order.direction);
  const tie = column === "due" ? order.direction : "asc";
  return sorted.orderBy("deliverables.due_at", tie).orderBy("deliverables.id", tie).offset((page - 1) * limit);
}

/** A cursor belongs to the due-date keyset; with another sort the page number pages. */
export function checkCursor(query: Pick<AdminOrderQuery, "cursor" | "page">, order: QueueOrder): void {
  if (query.cursor && !query.page && !order.keyset) throw DomainError.field("cursor", "adminOrders.cursorNeedsDueSort");
}
