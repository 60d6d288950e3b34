import { moveOrder, recordEvent, SYSTEM } from "./order-lifecycle";
import type { OrderJobHandlers } from "./order-jobs";
import type { OrderWorkDeps } from "./order-work-deps";

/** The moves time makes (the job handlers of order-jobs.ts), each in its own transaction, as the system. */
export type TimedMoves = OrderJobHandlers;

type TimedDeps = Pick<OrderWorkDeps, "transaction" | "repository" | "effects" | "clock">;

export function createTimedMoves(deps: TimedDeps): TimedMoves {
  return {
    autoComplete: (orderId, version) => autoComplete(deps, orderId, version),
    remindReview: (orderId, version) => remindReview(deps, orderId, version),
    flagLate: (orderId) => flagLate(deps, orderId),
  };
}

/** The review window of the latest version ended without an answer: delivered → completed. */
export async function autoComplete(deps: TimedDeps, orderId: string, version: number): Promise<void> {
  const { repository, clock } = deps;
  await deps.transaction(async (trx) => {
    const order = await repository.findById(orderId, trx);
    if (order?.status !== "delivered" || (await repository.lastVersionNumber(orderId, trx)) !== version) return;
    const changes = { completed_at: clock.now().toISOString(), review_ends_at: null };
    await moveOrder(trx, order, "auto_complete", SYSTEM, { now: clock.now(), changes });
    await deps.effects.customerMail(trx, order, "autoCompleted");
  });
}

/** A reminder that the review window of the latest version is closing. */
export async function remindReview(deps: TimedDeps, orderId: string, version: number): Promise<void> {
  const { repository, clock } = deps;
  await deps.transaction(async (trx) => {
    const order = await repository.findById(orderId, trx);
    if (
      order?.status !== "delivered" ||
      !order.review_ends_at ||
      (await repository.lastVersionNumber(orderId, trx)) !== version
    )
      return;
    await recordEvent(trx, {
      order_id: order.id,
      at: clock.now().toISOString(),
      actor_id: null,
      actor_role: "system",
      kind: "reminder",
      from_status: null,
      to_status: null,
      note: "",
    });
    await deps.effects.customerMail(trx, order, "reviewReminder", { date: order.review_ends_at });
  });
}

/** The due date passed with nothing delivered: flagged once, both sides told. */
export async function flagLate(deps: TimedDeps, orderId: string): Promise<void> {
  const { repository, clock } = deps;
  await deps.transaction(async (trx) => {
    const order = await repository.findById(orderId, trx);
    if (!order || !["paid", "in_progress"].includes(order.status) || order.due_at > clock.now().toISOString()) return;
    if (await repository.flaggedLate(orderId, trx)) return;
    await recordEvent(trx, {
      order_id: order.id,
      at: clock.now().toISOString(),
      actor_id: null,
      actor_role: "system",
      kind: "late",
      from_status: null,
      to_status: null,
      note: "",
    });
    await deps.effects.customerMail(trx, order, "late");
    await deps.effects.staffMail(trx, order, "late");
  });
}
