import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { PlannedDeliverable } from "./deliverable-plan";
import { addBusinessDays } from "./due-dates";
import { scheduleLate } from "./order-jobs";
import type { StaffNotifier } from "./orders-ports";
import { bookRush } from "./rush-capacity";

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
  return { due_at: booked.toISOString(), options_json: JSON.stringify(options) };
}

/**
 * The order's deliverables, each with its own due date and a check for lateness at it; managers and admins are told
 * of the new work waiting for a writer.
 */
export async function insertPaidDeliverables(
  deps: { jobs: JobRunner; notifier?: StaffNotifier; rushCapacity?: number },
  trx: Kysely<Database>,
  order: { id: string; number: string },
  planned: PlannedDeliverable[],
  placedAt: Date,
): Promise<void> {
  const orderId = order.id;
  const now = placedAt.toISOString();
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
      assigned_to: null,
      delivered_at: null,
      review_ends_at: null,
      completed_at: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  await trx.insertInto("deliverables").values(rows).execute();
  for (const row of rows) await scheduleLate(deps.jobs, trx, { id: orderId, deliverable_id: row.id }, row.due_at);
  await deps.notifier?.notify(trx, {
    kind: "newWork",
    order: { id: orderId, number: order.number },
    onceKey: `newWork:${orderId}`,
  });
}
