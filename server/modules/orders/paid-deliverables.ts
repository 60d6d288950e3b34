import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { PlannedDeliverable } from "./deliverable-plan";
import { addBusinessDays } from "./due-dates";
import { scheduleLate } from "./order-jobs";
import { nameSortKey, UNASSIGNED_SORT } from "./order-sort-keys";
import type { People, StaffNotifier } from "./orders-ports";

/**
 * The order's deliverables, each with its own due date and a check for lateness at it, and the queue's sort keys of
 * its customer and total; managers and admins are told of the new work waiting for a writer.
 */
export async function insertPaidDeliverables(
  deps: { jobs: JobRunner; notifier?: StaffNotifier; people: Pick<People, "byId"> },
  trx: Kysely<Database>,
  order: { id: string; number: string; total: number; customerId: string },
  planned: PlannedDeliverable[],
  placedAt: Date,
): Promise<void> {
  const orderId = order.id;
  const now = placedAt.toISOString();
  // The customer's name as the queue sorts it, read where placing holds the account's row (a rename waits for it).
  const customerSort = nameSortKey(await deps.people.byId(order.customerId, trx));
  const rows = planned.map((plan, index) => ({
    id: randomUUID(),
    order_id: orderId,
    n: index + 1,
    item_position: plan.itemPosition,
    product_id: plan.productId,
    bundle_id: plan.bundleId,
    price: plan.price,
    status: "paid" as const,
    due_at: addBusinessDays(placedAt, plan.terms.turnaroundDays).toISOString(),
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
    customer_sort: customerSort,
    writer_sort: UNASSIGNED_SORT,
    order_total: order.total,
  }));
  await trx.insertInto("deliverables").values(rows).execute();
  for (const row of rows) await scheduleLate(deps.jobs, trx, { id: orderId, deliverable_id: row.id }, row.due_at);
  await deps.notifier?.notify(trx, { kind: "newWork", order: { id: orderId, number: order.number }, onceKey: `newWork:${orderId}` });
}
