import { flaggedLateSince, lastVersionOf, lockedWork } from "./deliverables.repository";
import { AT_RISK_MS, type OrderJobHandlers, type WorkRef } from "./order-jobs";
import { moveOrder, recordEvent, SYSTEM } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";
import { giveOnTimeCredit } from "./on-time-guarantee";

/** The moves time makes on a deliverable (the job handlers of order-jobs.ts), each in its own transaction, as the system. */
export type TimedMoves = OrderJobHandlers;

type TimedDeps = Pick<OrderWorkDeps, "transaction" | "effects" | "clock" | "onTimeCreditPercent">;

export function createTimedMoves(deps: TimedDeps): TimedMoves {
  return {
    autoComplete: (ref, version) => autoComplete(deps, ref, version),
    remindReview: (ref, version) => remindReview(deps, ref, version),
    flagLate: (ref) => flagLate(deps, ref),
    flagAtRisk: (ref) => flagAtRisk(deps, ref),
  };
}

/** The review window of the latest version ended without an answer: delivered → completed. */
export async function autoComplete(deps: TimedDeps, ref: WorkRef, version: number): Promise<void> {
  const { clock } = deps;
  await deps.transaction(async (trx) => {
    const work = await lockedWork(trx, ref.orderId, ref.deliverableId);
    if (work?.status !== "delivered" || (await lastVersionOf(trx, work)) !== version) return;
    const changes = { completed_at: clock.now().toISOString(), review_ends_at: null };
    await moveOrder(trx, work, "auto_complete", SYSTEM, { now: clock.now(), changes });
    await deps.effects.customerMail(trx, work, "autoCompleted");
  });
}

/** A reminder that the review window of the latest version is closing. */
export async function remindReview(deps: TimedDeps, ref: WorkRef, version: number): Promise<void> {
  const { clock } = deps;
  await deps.transaction(async (trx) => {
    const work = await lockedWork(trx, ref.orderId, ref.deliverableId);
    if (work?.status !== "delivered" || !work.review_ends_at || (await lastVersionOf(trx, work)) !== version) return;
    await recordEvent(trx, {
      order_id: work.id,
      deliverable_id: work.deliverable_id,
      at: clock.now().toISOString(),
      actor_id: null,
      actor_role: "system",
      kind: "reminder",
      from_status: null,
      to_status: null,
      note: "",
    });
    await deps.effects.customerMail(trx, work, "reviewReminder", { date: work.review_ends_at });
  });
}

/**
 * The due date passed with nothing delivered: flagged once per due date, both sides told; the first time, the buyer is
 * credited the on-time guarantee's share with an apology (on-time-guarantee.ts). Paused in needs_info it is not late.
 */
export async function flagLate(deps: TimedDeps, ref: WorkRef): Promise<void> {
  const { clock } = deps;
  await deps.transaction(async (trx) => {
    const work = await lockedWork(trx, ref.orderId, ref.deliverableId);
    const open = ["paid", "in_progress"];
    if (!work || !open.includes(work.status) || work.due_at > clock.now().toISOString()) return;
    if (await flaggedLateSince(trx, work)) return;
    await recordEvent(trx, {
      order_id: work.id,
      deliverable_id: work.deliverable_id,
      at: clock.now().toISOString(),
      actor_id: null,
      actor_role: "system",
      kind: "late",
      from_status: null,
      to_status: null,
      note: "",
    });
    if (!(await giveOnTimeCredit(deps, trx, work))) await deps.effects.customerMail(trx, work, "late");
    await deps.effects.staffMail(trx, work, "late");
  });
}

/** Being worked on or waiting for a writer: work that can still miss its due date (a question pauses the clock). */
const AT_RISK_STATUSES = ["paid", "in_progress", "revision_requested"];

/**
 * Due within a day and not delivered: its writer (managers and admins when nobody has it) is told, once per
 * deliverable however often its due date moves.
 */
export async function flagAtRisk(deps: TimedDeps, ref: WorkRef): Promise<void> {
  const now = deps.clock.now();
  await deps.transaction(async (trx) => {
    const work = await lockedWork(trx, ref.orderId, ref.deliverableId);
    if (!work || !AT_RISK_STATUSES.includes(work.status)) return;
    if (new Date(work.due_at).getTime() - now.getTime() > AT_RISK_MS) return;
    await deps.effects.tellStaff(trx, "atRisk", work, { onceKey: `atRisk:${work.deliverable_id}` });
  });
}
