import { randomUUID } from "node:crypto";
import { DomainError } from "../../platform/domain-error";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { claimDeliverable, workOf, type WorkRow } from "./deliverables.repository";
import { nameSortKey } from "./order-sort-keys";
import { refundable } from "./deliverable-money";
import { addBusinessDays } from "./due-dates";
import { scheduleLate } from "./order-jobs";
import { applies, moveOrder, personId, refusal, TRANSITIONS, type Actor, type Move } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";

/**
 * The status moves of LIFECYCLE.md a person makes on a deliverable, each in one transaction: on deliverable `n` of the
 * order, or (`n` undefined, the order-level routes of before) on every deliverable of the order the move applies to.
 */
export interface OrderMoves {
  /** Staff: paid → in_progress, assigning `writerId` (or the caller) when nobody is assigned; a writer may start a pool item (taking it). */
  start(orderId: string, actor: Actor, writerId?: string, n?: number): Promise<void>;
  /** Staff: paid/in_progress → needs_info with the question as a message; the due date's clock pauses. */
  ask(orderId: string, actor: Actor, question: string, n?: number): Promise<void>;
  /** Customer: delivered → completed. */
  accept(orderId: string, actor: Actor, n?: number): Promise<void>;
  /** Customer: delivered → revision_requested with what to change, while rounds remain; a new due date. */
  requestRevision(orderId: string, actor: Actor, changes: string, n?: number): Promise<void>;
  /** Customer: paid → cancelled before work starts, or late and undelivered; its whole share back on the balance. */
  cancel(orderId: string, actor: Actor, n?: number): Promise<void>;
  /** Manager or admin: any open deliverable → cancelled with a reason, refunding `refund` minor units (default what is left of its share). */
  staffCancel(orderId: string, actor: Actor, reason: string, refundMinor?: number, n?: number): Promise<void>;
}

type MoveDeps = Pick<OrderWorkDeps, "orders" | "repository" | "effects" | "clock" | "staffDirectory" | "jobs">;

const done = async (runs: Promise<unknown[]>) => {
  await runs;
};

export function createOrderMoves(deps: MoveDeps): OrderMoves {
  return {
    start: (orderId, actor, writerId, n) => startOrder(deps, orderId, actor, writerId, n),
    ask: (orderId, actor, question, n) => askCustomer(deps, orderId, actor, question, n),
    accept: (orderId, actor, n) => acceptDelivery(deps, orderId, actor, n),
    requestRevision: (orderId, actor, changes, n) => requestRevision(deps, orderId, actor, changes, n),
    cancel: (orderId, actor, n) => cancelOrder(deps, orderId, actor, n),
    staffCancel: (orderId, actor, reason, refundMinor, n) => staffCancelOrder(deps, orderId, actor, reason, refundMinor, n),
  };
}

export function startOrder(deps: MoveDeps, orderId: string, actor: Actor, writerId?: string, n?: number): Promise<void> {
  const { effects } = deps;
  return done(
    deps.orders.runWork(
      orderId,
      n,
      actor,
      "start",
      async (trx, work) => {
        let assigned = work.assigned_to;
        if (!assigned) {
          assigned = actor.role === "writer" ? actor.id : (writerId ?? actor.id);
          if (assigned) {
            const member = await deps.staffDirectory.activeMember(assigned, trx);
            if (!member) throw DomainError.field("writerId", "orders.notStaff");
            // Claimed only if still nobody's: a colleague taking it meanwhile makes this a 409, never a silent overwrite.
            if (!(await claimDeliverable(trx, work.deliverable_id, assigned, work.status, null, nameSortKey(member)))) throw DomainError.conflict("orders.alreadyTaken");
          }
        }
        const moved = await moveOrder(trx, work, "start", actor, { now: deps.clock.now(), changes: { assigned_to: assigned } });
        await effects.customerMail(trx, work, "started");
        await effects.audit(trx, actor, "start", work, { status: moved.to, assignedTo: assigned });
      },
      "see",
    ),
  );
}

export function askCustomer(deps: MoveDeps, orderId: string, actor: Actor, question: string, n?: number): Promise<void> {
  return done(
    deps.orders.runWork(orderId, n, actor, "ask", async (trx, work) => {
      const at = deps.clock.now();
      const changes = { needs_info_since: at.toISOString(), resume_status: work.status };
      await moveOrder(trx, work, "ask", actor, { now: at, note: question, changes });
      const messageId = randomUUID();
      await deps.repository.insertMessage(threadMessage(work, messageId, actor, question, at), [], trx);
      await deps.effects.customerMail(trx, work, "question", { message: question });
      // The audit log keeps which message and how long, never the words (closing the account erases them).
      await deps.effects.audit(trx, actor, "ask", work, { status: "needs_info" }, { messageId, questionChars: question.length });
    }),
  );
}

/** A message a move writes into the thread (a question, a revision request), naming its deliverable. */
function threadMessage(work: WorkRow, id: string, actor: Actor, body: string, at: Date) {
  return {
    id,
    order_id: work.id,
    deliverable_id: work.deliverable_id,
    author_id: personId(actor),
    author_role: actor.role as "customer" | "writer" | "manager" | "admin",
    internal: 0,
    body,
    created_at: at.toISOString(),
  };
}

export function acceptDelivery(deps: MoveDeps, orderId: string, actor: Actor, n?: number): Promise<void> {
  return done(
    deps.orders.runWork(orderId, n, actor, "accept", async (trx, work) => {
      const now = deps.clock.now();
      await moveOrder(trx, work, "accept", actor, { now, changes: { completed_at: now.toISOString(), review_ends_at: null } });
      await deps.effects.staffMail(trx, work, "accepted");
    }),
  );
}

export function requestRevision(deps: MoveDeps, orderId: string, actor: Actor, changes: string, n?: number): Promise<void> {
  return done(
    deps.orders.runWork(orderId, n, actor, "request_revision", async (trx, work) => {
      const at = deps.clock.now();
      // A revision restarts the clock with the service's revision turnaround (LIFECYCLE.md).
      const dueAt = addBusinessDays(at, work.revision_days).toISOString();
      await moveOrder(trx, work, "request_revision", actor, {
        now: at,
        note: changes,
        changes: { revisions_used: work.revisions_used + 1, review_ends_at: null, due_at: dueAt },
      });
      await deps.repository.insertMessage(threadMessage(work, randomUUID(), actor, changes, at), [], trx);
      await scheduleLate(deps.jobs, trx, work, dueAt);
      await deps.effects.staffMail(trx, work, "revisionRequested", { message: changes, date: dueAt });
      await deps.effects.tellStaff(trx, "revision", work);
    }),
  );
}

export function cancelOrder(deps: MoveDeps, orderId: string, actor: Actor, n?: number): Promise<void> {
  return done(
    deps.orders.runWork(orderId, n, actor, "cancel", async (trx, work) => {
      const move: Move = work.status === "paid" ? "cancel" : "cancel_late";
      await moveOrder(trx, work, move, actor, { now: deps.clock.now() });
      const amount = await refundable(trx, work);
      const creditNote = await deps.effects.refund(trx, work, amount, { kind: "refund", reason: "", actorId: actor.id });
      await deps.effects.staffMail(trx, work, "cancelled", { refund: amount });
      await deps.effects.customerMail(trx, work, "cancelled", { refund: amount }, creditNote);
    }),
  );
}

/** `amount` spread over the order's deliverables a manager may cancel, in order, each up to what is left of its share. */
async function spread(trx: Kysely<Database>, work: WorkRow, amount: number, now: Date): Promise<Map<string, number>> {
  const open = (await workOf(trx, work)).filter((row) => applies("staff_cancel", row, now));
  const portions = new Map<string, number>();
  let left = amount;
  for (const row of open) {
    const portion = Math.min(left, await refundable(trx, row));
    portions.set(row.deliverable_id, portion);
    left -= portion;
  }
  if (!Number.isSafeInteger(amount) || amount < 0 || left > 0) throw DomainError.field("refund", "orders.refundTooLarge");
  return portions;
}

export function staffCancelOrder(
  deps: MoveDeps,
  orderId: string,
  actor: Actor,
  reason: string,
  refundMinor?: number,
  n?: number,
): Promise<void> {
  // The order-level cancel of before (no `n`) refunds `refundMinor` over its open deliverables, each up to what is left of it.
  let portions: Map<string, number> | null = null;
  return done(
    deps.orders.runWork(orderId, n, actor, "staff_cancel", async (trx, work) => {
      // Who and whether first (403, 409), then how much (400): a spent deliverable is a 409 whatever the amount.
      if (!TRANSITIONS.staff_cancel.who.includes(actor.role)) throw DomainError.forbidden();
      if (!applies("staff_cancel", work, deps.clock.now())) throw refusal("staff_cancel", work);
      const left = await refundable(trx, work);
      if (n === undefined && refundMinor !== undefined) portions ??= await spread(trx, work, refundMinor, deps.clock.now());
      const amount = portions ? (portions.get(work.deliverable_id) ?? 0) : (refundMinor ?? left);
      if (!Number.isSafeInteger(amount) || amount < 0 || amount > left) throw DomainError.field("refund", "orders.refundTooLarge");
      await moveOrder(trx, work, "staff_cancel", actor, { now: deps.clock.now(), note: reason });
      const creditNote = await deps.effects.refund(trx, work, amount, { kind: "refund", reason, actorId: actor.id });
      await deps.effects.customerMail(trx, work, "cancelled", { refund: amount, reason }, creditNote);
      const extra = { reasonChars: reason.length, refund: amount, currency: work.currency, total: work.price };
      await deps.effects.audit(trx, actor, "cancel", work, { status: "cancelled" }, extra);
    }),
  );
}
