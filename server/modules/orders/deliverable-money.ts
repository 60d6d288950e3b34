import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";

/** The deliverable money is given back on (a work row: deliverables.repository.ts), with its order's id. */
interface Given {
  /** The order's id. */
  id: string;
  deliverable_id: string;
  /** Its share of what was paid, minor units. */
  price: number;
}

export type AdjustmentKind = "refund" | "credit";

export interface Adjustment {
  kind: AdjustmentKind;
  /** Why (a manager's reason; empty for a customer's own cancel). */
  reason: string;
  actorId: string | null;
}

/** Minor units given back on each deliverable so far (refunds and goodwill credits), by kind. */
export async function adjustedOn(
  executor: Kysely<Database>,
  deliverableIds: readonly string[],
): Promise<Map<string, { refunded: number; credited: number }>> {
  const totals = new Map<string, { refunded: number; credited: number }>();
  if (deliverableIds.length === 0) return totals;
  const rows = await executor
    .selectFrom("deliverable_adjustments")
    .select(["deliverable_id", "kind", (eb) => eb.fn.sum<string | number>("amount").as("amount")])
    .where("deliverable_id", "in", [...deliverableIds])
    .groupBy(["deliverable_id", "kind"])
    .execute();
  for (const row of rows) {
    const entry = totals.get(row.deliverable_id) ?? { refunded: 0, credited: 0 };
    if (row.kind === "refund") entry.refunded += Number(row.amount);
    else entry.credited += Number(row.amount);
    totals.set(row.deliverable_id, entry);
  }
  return totals;
}

/** What may still be given back on a deliverable: its share less every refund and credit already given. */
export async function refundable(executor: Kysely<Database>, work: Pick<Given, "deliverable_id" | "price">): Promise<number> {
  const given = (await adjustedOn(executor, [work.deliverable_id])).get(work.deliverable_id);
  return Math.max(0, work.price - (given?.refunded ?? 0) - (given?.credited ?? 0));
}

/**
 * Records money given back on a deliverable, in the caller's transaction, which already holds the order's row
 * (order-transaction.ts `runWork`), so two refunds or credits on one order are checked one after the other: the
 * deliverable's adjustments never pass its share, and so the order's never pass what was paid. Answers the row's id,
 * the source of its credit note.
 */
export async function recordAdjustment(
  trx: Kysely<Database>,
  work: Given,
  amount: number,
  adjustment: Adjustment,
  at: string,
): Promise<string> {
  const tooLarge = () =>
    adjustment.kind === "refund" ? DomainError.field("refund", "orders.refundTooLarge") : DomainError.field("amount", "orders.creditTooLarge");
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > (await refundable(trx, work))) throw tooLarge();
  const id = randomUUID();
  await trx
    .insertInto("deliverable_adjustments")
    .values({ id, order_id: work.id, deliverable_id: work.deliverable_id, kind: adjustment.kind, amount, reason: adjustment.reason, actor_id: adjustment.actorId, created_at: at })
    .execute();
  return id;
}
