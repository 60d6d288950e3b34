import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { JobRunner, ScheduleJob } from "../../platform/jobs/job-runner";
import type { PlannedDeliverable } from "./deliverable-plan";
import type { DeliverableRow } from "./deliverables.repository";
import { addBusinessDays } from "./due-dates";
import { lateJobs } from "./order-jobs";
import { recordEvent } from "./order-lifecycle";
import { nameSortKey, UNASSIGNED_SORT } from "./order-sort-keys";
import type { People, StaffDirectory, StaffNotifier } from "./orders-ports";
import { bookRush, dayOf } from "./rush-capacity";

/** Rush deliveries one day may be due on (RUSH_CAPACITY_PER_DAY) when the module is not told. */
export const DEFAULT_RUSH_CAPACITY = 5;

/**
 * A deliverable's due date and options as stored: a rush is booked against the day's rush capacity and moved to the
 * next free day when that day is full (the option says so).
 */
async function dueAndOptions(trx: Kysely<Database>, plan: PlannedDeliverable, placedAt: Date, rushCapacity: number) {
  const due = addBusinessDays(placedAt, plan.terms.turnaroundDays);
  const rush = plan.options.some((option) => option.kind === "rush");
  const booked = rush ? await bookRush(trx, due, rushCapacity) : due;
  const options = plan.options.map((option) => ({
    id: option.id,
    kind: option.kind,
    price: option.price,
    nextFreeDay: option.kind === "rush" && booked.getTime() !== due.getTime(),
  }));
  return { due_at: booked.toISOString(), options_json: JSON.stringify(options), rush_day: rush ? dayOf(booked) : null };
}

/**
 * The favourite writer asked for per order item (issue 28; null: none): each deliverable of the item keeps the wish
 * and is assigned at once when the writer is active, else it waits in the pool with the wish shown to staff.
 */
export type WriterWishes = ReadonlyArray<string | null>;

/**
 * The order's deliverables, each with its own due date and a check for lateness at it, and the queue's sort keys of
 * its customer and total; managers and admins are told of the new work waiting for a writer.
 */
export async function insertPaidDeliverables(
  deps: { jobs: JobRunner; notifier?: StaffNotifier; people: Pick<People, "byId">; staffDirectory?: Pick<StaffDirectory, "activeMember">; rushCapacity?: number },
  trx: Kysely<Database>,
  /** `customerName`: the name the account's lock read in this transaction, when the caller holds it (placing). */
  order: { id: string; number: string; total: number; customerId: string; customerName?: { first_name: string; last_name: string } },
  planned: PlannedDeliverable[],
  placedAt: Date,
  wishes: WriterWishes = [],
  /** The placing's other jobs, scheduled in the same statement as the late checks. */
  alongside: readonly ScheduleJob[] = [],
): Promise<DeliverableRow[]> {
  const orderId = order.id;
  const now = placedAt.toISOString();
  // The customer's name as the queue sorts it, read where placing holds the account's row (a rename waits for it).
  const customerSort = nameSortKey(order.customerName ?? (await deps.people.byId(order.customerId, trx)));
  const writers = await activeWished(deps, trx, wishes);
  const rows = [];
  for (const [index, plan] of planned.entries()) {
    rows.push({
      id: randomUUID(),
      order_id: orderId,
      n: index + 1,
      item_position: plan.itemPosition,
      product_id: plan.productId,
      bundle_id: plan.bundleId,
      price: plan.price,
      status: "paid" as const,
      ...(await dueAndOptions(trx, plan, placedAt, deps.rushCapacity ?? DEFAULT_RUSH_CAPACITY)),
      needs_info_since: null,
      resume_status: null,
      revision_rounds: plan.terms.revisionRounds,
      revisions_used: 0,
      revision_days: plan.terms.revisionDays,
      wished_writer_id: wishes[plan.itemPosition] ?? null,
      assigned_to: writers.get(wishes[plan.itemPosition] ?? "")?.id ?? null,
      delivered_at: null,
      review_ends_at: null,
      completed_at: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
      customer_sort: customerSort,
      writer_sort: writers.get(wishes[plan.itemPosition] ?? "")?.sort ?? UNASSIGNED_SORT,
      order_total: order.total,
    });
  }
  // The rows as stored come back with the insert: the order's summary is computed from them without reading them again.
  const stored = await trx.insertInto("deliverables").values(rows).returningAll().execute();
  // Every deliverable's late and at-risk checks, and the placing's other jobs, in one statement.
  await deps.jobs.schedule(trx, [...rows.flatMap((row) => lateJobs({ id: orderId, deliverable_id: row.id }, row.due_at)), ...alongside]);
  for (const row of rows) {
    const writer = writers.get(row.assigned_to ?? "");
    if (writer) {
      const event = { order_id: orderId, deliverable_id: row.id, at: now, actor_id: null, actor_role: "system" as const, kind: "assigned" as const };
      await recordEvent(trx, { ...event, from_status: null, to_status: null, note: writer.name });
    }
  }
  // The favourite writer hears of the work given to them; managers and admins of the work waiting for one.
  const assignees = [...new Set(rows.map((row) => row.assigned_to))];
  await deps.notifier?.notify(trx, { kind: "newWork", order: { id: orderId, number: order.number }, assignees, onceKey: `newWork:${orderId}` });
  return stored;
}

/** The wished writers who are active members of staff, by id, with the name buyers read. */
async function activeWished(
  deps: { staffDirectory?: Pick<StaffDirectory, "activeMember"> },
  trx: Kysely<Database>,
  wishes: WriterWishes,
): Promise<Map<string, { id: string; name: string; sort: string }>> {
  const found = new Map<string, { id: string; name: string; sort: string }>();
  for (const id of new Set(wishes.filter((wish): wish is string => Boolean(wish)))) {
    const member = await deps.staffDirectory?.activeMember(id, trx);
    if (member) found.set(id, { id, name: member.display_name, sort: nameSortKey(member) });
  }
  return found;
}
