import type { Kysely, Selectable } from "kysely";
import type { DeliverableStatus } from "../../../contract/deliverables";
import type { Database } from "../../db/schema";
import { adjustedOn } from "./deliverable-money";
import type { DeliverablesTable } from "./deliverables.tables";
import type { OrderRow } from "./order-rows";
import { orderStatusOf } from "./order-status";
import { holdRow } from "../../db/row-lock";

export type DeliverableRow = Selectable<DeliverablesTable>;

/** The lifecycle columns a deliverable owns (LIFECYCLE.md); the order keeps a summary of them. */
type LifecycleColumns =
  | "status"
  | "due_at"
  | "needs_info_since"
  | "resume_status"
  | "revision_rounds"
  | "revisions_used"
  | "assigned_to"
  | "delivered_at"
  | "review_ends_at"
  | "completed_at";

/**
 * One deliverable as every move reads it: its order's payment fields (`id` is the order's id, with its number,
 * customer, currency, language and billing) and the deliverable's own state, clock, writer and rounds in place of the
 * order's summary of them. A use case written against an order's work reads the same names.
 */
export interface WorkRow extends Omit<OrderRow, LifecycleColumns>, Pick<DeliverableRow, LifecycleColumns> {
  deliverable_id: string;
  n: number;
  /** Deliverables in the order, for "2 of 4". */
  of: number;
  price: number;
  product_id: string;
  bundle_id: string | null;
  item_position: number;
  revision_days: number;
  cancelled_at: string | null;
  /** The order's derived status before this move. */
  order_status: OrderRow["status"];
}

export function asWork(order: OrderRow, deliverable: DeliverableRow, of: number): WorkRow {
  return {
    ...order,
    order_status: order.status,
    deliverable_id: deliverable.id,
    n: deliverable.n,
    of,
    price: deliverable.price,
    product_id: deliverable.product_id,
    bundle_id: deliverable.bundle_id,
    item_position: deliverable.item_position,
    revision_days: deliverable.revision_days,
    cancelled_at: deliverable.cancelled_at,
    status: deliverable.status,
    due_at: deliverable.due_at,
    needs_info_since: deliverable.needs_info_since,
    resume_status: deliverable.resume_status,
    revision_rounds: deliverable.revision_rounds,
    revisions_used: deliverable.revisions_used,
    assigned_to: deliverable.assigned_to,
    delivered_at: deliverable.delivered_at,
    review_ends_at: deliverable.review_ends_at,
    completed_at: deliverable.completed_at,
  };
}

export function deliverablesOf(executor: Kysely<Database>, orderIds: readonly string[]): Promise<DeliverableRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return executor
    .selectFrom("deliverables")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("n")
    .execute();
}

/** The order's deliverables as work rows, in order. */
export async function workOf(executor: Kysely<Database>, order: OrderRow): Promise<WorkRow[]> {
  const rows = await deliverablesOf(executor, [order.id]);
  return rows.map((row) => asWork(order, row, rows.length));
}

/** The states of work still to be done or reviewed (not completed, not cancelled). */
export const OPEN_STATUSES: readonly DeliverableStatus[] = ["paid", "needs_info", "in_progress", "delivered", "revision_requested"];
const earliest = (values: Array<string | null>) => values.filter((v): v is string => v !== null).sort()[0] ?? null;
const latest = (values: Array<string | null>) => values.filter((v): v is string => v !== null).sort().at(-1) ?? null;

/**
 * Rewrites the order's summary of its deliverables after a move, in the move's transaction: the derived status
 * (order-status.ts) and the dates and writer lists and filters read (the soonest open due date, the first pending
 * question or review end, the writer when one writer has all of it).
 */
/** The order's summary of its deliverables, as refreshOrder writes it. */
export type OrderSummary = Pick<Selectable<Database["orders"]>, LifecycleColumns | "updated_at">;

/**
 * Writes the order's summary of its deliverables. `known`: the order's row as the caller wrote it in this
 * transaction (placing an order); then only the columns that differ are written, and nothing when none do (issue 27:
 * the placing transaction's UPDATE rewrote the row and four of its indexes to the values just inserted).
 */
export async function refreshOrder(
  trx: Kysely<Database>,
  orderId: string,
  at: string,
  known?: OrderSummary,
  /** The order's deliverables as this transaction just stored them (placing): not read again. */
  stored?: readonly DeliverableRow[],
): Promise<void> {
  const rows = stored ? [...stored].sort((a, b) => a.n - b.n) : await deliverablesOf(trx, [orderId]);
  const [first] = rows;
  if (!first) return;
  const open = rows.filter((row) => OPEN_STATUSES.includes(row.status));
  const writers = [...new Set(rows.map((row) => row.assigned_to))];
  const summary: OrderSummary = {
    status: orderStatusOf(rows.map((row) => row.status)),
    due_at: earliest(open.map((row) => row.due_at)) ?? latest(rows.map((row) => row.due_at)) ?? first.due_at,
    needs_info_since: earliest(open.map((row) => row.needs_info_since)),
    resume_status: rows.length === 1 ? first.resume_status : null,
    revision_rounds: first.revision_rounds,
    revisions_used: first.revisions_used,
    assigned_to: writers.length === 1 ? (writers[0] ?? null) : (rows.find((row) => row.assigned_to)?.assigned_to ?? null),
    delivered_at: latest(rows.map((row) => row.delivered_at)),
    review_ends_at: earliest(rows.map((row) => row.review_ends_at)),
    completed_at: open.length === 0 ? latest(rows.map((row) => row.completed_at)) : null,
    updated_at: at,
  };
  const changes = known ? changedColumns(summary, known) : summary;
  if (Object.keys(changes).length === 0) return;
  await trx.updateTable("orders").set(changes).where("id", "=", orderId).execute();
}

function changedColumns(summary: OrderSummary, known: OrderSummary): Partial<OrderSummary> {
  const changes: Partial<OrderSummary> = {};
  for (const column of Object.keys(summary) as Array<keyof OrderSummary>)
    if (summary[column] !== known[column]) Object.assign(changes, { [column]: summary[column] });
  return changes;
}

/**
 * Gives the deliverable to `assignee` only if nobody has it and it is still in `status` (true when it did); `updatedAt`
 * also stamps it; `writerSort` is the assignee's name as the queue sorts it. Of two people claiming the same
 * deliverable at once one wins.
 */
export async function claimDeliverable(
  trx: Kysely<Database>,
  deliverableId: string,
  assignee: string,
  status: DeliverableStatus,
  updatedAt: string | null,
  writerSort: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable("deliverables")
    .set(updatedAt === null ? { assigned_to: assignee, writer_sort: writerSort } : { assigned_to: assignee, writer_sort: writerSort, updated_at: updatedAt })
    .where("id", "=", deliverableId)
    .where("assigned_to", "is", null)
    .where("status", "=", status)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Gives the deliverable to `assignee` (or nobody, `writerSort` their sort key) if it is still in `status` (true when it did). */
export async function reassignDeliverable(
  trx: Kysely<Database>,
  deliverableId: string,
  assignee: string | null,
  status: DeliverableStatus,
  updatedAt: string,
  writerSort: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable("deliverables")
    .set({ assigned_to: assignee, writer_sort: writerSort, updated_at: updatedAt })
    .where("id", "=", deliverableId)
    .where("status", "=", status)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** One deliverable of an order as a work row, its order's row held first (the timed moves' way in); none when gone. */
export async function lockedWork(trx: Kysely<Database>, orderId: string, deliverableId: string): Promise<WorkRow | undefined> {
  await holdRow(trx, "orders", orderId);
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) return undefined;
  return (await workOf(trx, order)).find((work) => work.deliverable_id === deliverableId);
}

/** The newest version a deliverable has (an older order's versions, delivered as a whole, count for each deliverable). */
export async function lastVersionOf(trx: Kysely<Database>, work: Pick<WorkRow, "id" | "deliverable_id">): Promise<number> {
  const row = await trx
    .selectFrom("order_versions")
    .select((eb) => eb.fn.max("number").as("n"))
    .where("order_id", "=", work.id)
    .where((eb) => eb.or([eb("deliverable_id", "=", work.deliverable_id), eb("deliverable_id", "is", null)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether the deliverable was flagged late since its current due date (a revision's new due date may be missed too). */
export async function flaggedLateSince(trx: Kysely<Database>, work: Pick<WorkRow, "id" | "deliverable_id" | "due_at">): Promise<boolean> {
  const row = await trx
    .selectFrom("order_events")
    .select("id")
    .where("order_id", "=", work.id)
    .where("kind", "=", "late")
    .where((eb) => eb.or([eb("deliverable_id", "=", work.deliverable_id), eb("deliverable_id", "is", null)]))
    .where("at", ">=", work.due_at)
    .executeTakeFirst();
  return row !== undefined;
}

/** Reads of deliverables for the order pages and lists (the orders repository's part). */
export interface DeliverableReads {
  deliverablesOf(orderIds: readonly string[], trx?: Kysely<Database>): Promise<DeliverableRow[]>;
  /** Minor units refunded and credited on each deliverable. */
  adjustmentsOf(deliverableIds: readonly string[], trx?: Kysely<Database>): Promise<Map<string, { refunded: number; credited: number }>>;
}

export function createDeliverableReads(db: Kysely<Database>): DeliverableReads {
  return {
    deliverablesOf: (orderIds, trx = db) => deliverablesOf(trx, orderIds),
    adjustmentsOf: (deliverableIds, trx = db) => adjustedOn(trx, deliverableIds),
  };
}
