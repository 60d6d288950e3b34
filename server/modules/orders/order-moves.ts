import { randomUUID } from "node:crypto";
import { DomainError } from "../../platform/domain-error";
import { moveOrder, personId, type Actor, type Move } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";

/** The status moves of LIFECYCLE.md a person makes on an order's work, each in one transaction. */
export interface OrderMoves {
  /** Staff: paid → in_progress, assigning `writerId` (or the caller) when nobody is assigned; a writer may start a pool item (taking it). */
  start(orderId: string, actor: Actor, writerId?: string): Promise<void>;
  /** Staff: paid/in_progress → needs_info with the question as a message; the due date's clock pauses. */
  ask(orderId: string, actor: Actor, question: string): Promise<void>;
  /** Customer: delivered → completed. */
  accept(orderId: string, actor: Actor): Promise<void>;
  /** Customer: delivered → revision_requested with what to change, while rounds remain. */
  requestRevision(orderId: string, actor: Actor, changes: string): Promise<void>;
  /** Customer: paid → cancelled before work starts, or a late undelivered order; the whole total back on the balance. */
  cancel(orderId: string, actor: Actor): Promise<void>;
  /** Manager or admin: any open order → cancelled with a reason, refunding `refund` minor units (default the total). */
  staffCancel(orderId: string, actor: Actor, reason: string, refundMinor?: number): Promise<void>;
}

type MoveDeps = Pick<OrderWorkDeps, "orders" | "repository" | "effects" | "clock" | "staffDirectory">;

export function createOrderMoves(deps: MoveDeps): OrderMoves {
  return {
    start: (orderId, actor, writerId) => startOrder(deps, orderId, actor, writerId),
    ask: (orderId, actor, question) => askCustomer(deps, orderId, actor, question),
    accept: (orderId, actor) => acceptDelivery(deps, orderId, actor),
    requestRevision: (orderId, actor, changes) => requestRevision(deps, orderId, actor, changes),
    cancel: (orderId, actor) => cancelOrder(deps, orderId, actor),
    staffCancel: (orderId, actor, reason, refundMinor) => staffCancelOrder(deps, orderId, actor, reason, refundMinor),
  };
}

export function startOrder(deps: MoveDeps, orderId: string, actor: Actor, writerId?: string): Promise<void> {
  const { repository, effects } = deps;
  return deps.orders.run(
    orderId,
    actor,
    async (trx, order) => {
      let assigned = order.assigned_to;
      if (!assigned) {
        assigned = actor.role === "writer" ? actor.id : (writerId ?? actor.id);
        if (assigned) {
          if (!(await deps.staffDirectory.activeMember(assigned, trx)))
            throw DomainError.field("writerId", "orders.notStaff");
          // Claimed only if still nobody's: a colleague taking it meanwhile makes this a 409, never a silent overwrite.
          if (!(await repository.claim(order.id, assigned, order.status, null, trx)))
            throw DomainError.conflict("orders.alreadyTaken");
        }
      }
      const moved = await moveOrder(trx, order, "start", actor, {
        now: deps.clock.now(),
        changes: { assigned_to: assigned },
      });
      await effects.customerMail(trx, order, "started");
      await effects.audit(trx, actor, "start", order, { status: moved.to, assignedTo: assigned });
    },
    "see",
  );
}

export function askCustomer(deps: MoveDeps, orderId: string, actor: Actor, question: string): Promise<void> {
  return deps.orders.run(orderId, actor, async (trx, order) => {
    const at = deps.clock.now();
    const changes = { needs_info_since: at.toISOString(), resume_status: order.status };
    await moveOrder(trx, order, "ask", actor, { now: at, note: question, changes });
    const messageId = randomUUID();
    const message = {
      id: messageId,
      order_id: order.id,
      author_id: personId(actor),
      author_role: actor.role as "writer",
      internal: 0,
      body: question,
      created_at: at.toISOString(),
    };
    await deps.repository.insertMessage(message, [], trx);
    await deps.effects.customerMail(trx, order, "question", { message: question });
    // The audit log keeps which message and how long, never the words (closing the account erases them).
    await deps.effects.audit(
      trx,
      actor,
      "ask",
      order,
      { status: "needs_info" },
      { messageId, questionChars: question.length },
    );
  });
}

export function acceptDelivery(deps: MoveDeps, orderId: string, actor: Actor): Promise<void> {
  return deps.orders.run(orderId, actor, async (trx, order) => {
    const now = () => deps.clock.now();
    await moveOrder(trx, order, "accept", actor, {
      now: now(),
      changes: { completed_at: now().toISOString(), review_ends_at: null },
    });
    await deps.effects.staffMail(trx, order, "accepted");
  });
}

export function requestRevision(deps: MoveDeps, orderId: string, actor: Actor, changes: string): Promise<void> {
  return deps.orders.run(orderId, actor, async (trx, order) => {
    const at = deps.clock.now();
    await moveOrder(trx, order, "request_revision", actor, {
      now: at,
      note: changes,
      changes: { revisions_used: order.revisions_used + 1, review_ends_at: null },
    });
    const message = {
      id: randomUUID(),
      order_id: order.id,
      author_id: personId(actor),
      author_role: "customer" as const,
      internal: 0,
      body: changes,
      created_at: at.toISOString(),
    };
    await deps.repository.insertMessage(message, [], trx);
    await deps.effects.staffMail(trx, order, "revisionRequested", { message: changes });
  });
}

export function cancelOrder(deps: MoveDeps, orderId: string, actor: Actor): Promise<void> {
  return deps.orders.run(orderId, actor, async (trx, order) => {
    const move: Move = order.status === "paid" ? "cancel" : "cancel_late";
    await moveOrder(trx, order, move, actor, { now: deps.clock.now() });
    const creditNote = await deps.effects.refund(trx, order, order.total);
    await deps.effects.staffMail(trx, order, "cancelled", { refund: order.total });
    await deps.effects.customerMail(trx, order, "cancelled", { refund: order.total }, creditNote);
  });
}

export function staffCancelOrder(
  deps: MoveDeps,
  orderId: string,
  actor: Actor,
  reason: string,
  refundMinor?: number,
): Promise<void> {
  return deps.orders.run(orderId, actor, async (trx, order) => {
    const amount = refundMinor ?? order.total;
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > order.total)
      throw DomainError.field("refund", "orders.refundTooLarge");
    await moveOrder(trx, order, "staff_cancel", actor, { now: deps.clock.now(), note: reason });
    const creditNote = await deps.effects.refund(trx, order, amount);
    await deps.effects.customerMail(trx, order, "cancelled", { refund: amount, reason }, creditNote);
    const extra = { reasonChars: reason.length, refund: amount, currency: order.currency, total: order.total };
    await deps.effects.audit(trx, actor, "cancel", order, { status: "cancelled" }, extra);
  });
}
