import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { OrderStatus } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import { refreshOrder, type DeliverableRow, type WorkRow } from "./deliverables.repository";
import { freeRush } from "./rush-capacity";
import type { OrderEventsTable, OrdersTable } from "./orders.tables";
import { holdRow } from "../../db/row-lock";

/** What the rules read of a deliverable (or of an order's summary of its deliverables). */
type LifecycleRow = Pick<Selectable<OrdersTable>, "status" | "due_at" | "needs_info_since" | "revisions_used" | "revision_rounds">;

export type StaffRole = "writer" | "manager" | "admin";
export type ActorRole = "customer" | StaffRole | "system";

export interface Actor {
  /** null for the system (timed work). */
  id: string | null;
  role: ActorRole;
  /** The caller's address, for the audit log of staff actions. */
  ip?: string;
}

/** The id of the person acting (a message's author, a reader of a thread): the system (no id) is refused. */
export function personId(actor: Actor): string {
  if (!actor.id) throw DomainError.forbidden();
  return actor.id;
}

export const SYSTEM: Actor = { id: null, role: "system" };
export const STAFF_ROLES: readonly StaffRole[] = ["writer", "manager", "admin"];
export const isStaff = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** Statuses in which no version has been delivered yet and the due date is what counts. */
const UNDELIVERED: readonly OrderStatus[] = ["paid", "needs_info", "in_progress"];

/** Past its due date and never delivered (time in needs_info does not count: the clock is paused there). */
export function isLate(order: Pick<LifecycleRow, "status" | "due_at" | "needs_info_since">, now: Date): boolean {
  if (!UNDELIVERED.includes(order.status)) return false;
  const clockStoppedAt = order.status === "needs_info" && order.needs_info_since ? order.needs_info_since : now.toISOString();
  return clockStoppedAt > order.due_at;
}

export type Move =
  | "start"
  | "ask"
  | "answer"
  | "deliver"
  | "accept"
  | "auto_complete"
  | "request_revision"
  | "cancel"
  | "cancel_late"
  | "staff_cancel";

interface Rule {
  from: readonly OrderStatus[];
  /** The new status; `answer` returns to the status before the question. */
  to: OrderStatus | "resume";
  who: readonly ActorRole[];
  /** A further condition on the deliverable beyond its status (late, rounds left). */
  when?: (order: LifecycleRow, now: Date) => boolean;
}

/** The transition table of LIFECYCLE.md: the only place that says which move applies to which order and by whom. */
export const TRANSITIONS: Record<Move, Rule> = {
  start: { from: ["paid"], to: "in_progress", who: STAFF_ROLES },
  ask: { from: ["paid", "in_progress"], to: "needs_info", who: STAFF_ROLES },
  answer: { from: ["needs_info"], to: "resume", who: ["customer"] },
  deliver: { from: ["in_progress", "revision_requested"], to: "delivered", who: STAFF_ROLES },
  accept: { from: ["delivered"], to: "completed", who: ["customer"] },
  auto_complete: { from: ["delivered"], to: "completed", who: ["system"] },
  request_revision: { from: ["delivered"], to: "revision_requested", who: ["customer"], when: (order) => order.revisions_used < order.revision_rounds },
  cancel: { from: ["paid"], to: "cancelled", who: ["customer"] },
  cancel_late: { from: UNDELIVERED, to: "cancelled", who: ["customer"], when: (order, now) => isLate(order, now) },
  staff_cancel: { from: ["paid", "needs_info", "in_progress", "delivered", "revision_requested"], to: "cancelled", who: ["manager", "admin"] },
};

/** True when `move` applies to the deliverable now (status and condition; not who asks). */
export function applies(move: Move, order: LifecycleRow, now: Date): boolean {
  const rule = TRANSITIONS[move];
  return rule.from.includes(order.status) && (rule.when?.(order, now) ?? true);
}

/** Why a move that does not apply was refused, as a 409 in the contract's shape. */
export function refusal(move: Move, order: LifecycleRow): DomainError {
  if (move === "request_revision" && order.status === "delivered") return DomainError.conflict("orders.noRoundsLeft", { rounds: order.revision_rounds });
  if (move === "cancel_late" && TRANSITIONS.cancel_late.from.includes(order.status)) return DomainError.conflict("orders.notLate");
  return DomainError.conflict("orders.wrongStatus", { status: order.status });
}

export interface MoveResult {
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * Moves one deliverable by `move` inside `trx`: checks the actor and the rule, updates its row only if its status is
 * still the one read (a concurrent move makes this one a 409), sets `changes` with it, writes the event naming it and
 * rewrites the order's derived status. The caller, in the same transaction, adds the ledger entry, schedules the jobs
 * and queues the mail.
 */
export async function moveOrder(
  trx: Kysely<Database>,
  work: WorkRow,
  move: Move,
  actor: Actor,
  options: { now: Date; note?: string; changes?: Partial<DeliverableRow> },
): Promise<MoveResult> {
  const rule = TRANSITIONS[move];
  if (!rule.who.includes(actor.role)) throw DomainError.forbidden();
  if (!applies(move, work, options.now)) throw refusal(move, work);
  const to: OrderStatus = rule.to === "resume" ? (work.resume_status ?? "paid") : rule.to;
  const at = options.now.toISOString();
  const updated = await trx
    .updateTable("deliverables")
    .set({ ...options.changes, status: to, updated_at: at, ...(to === "cancelled" ? { cancelled_at: at } : {}) })
    .where("id", "=", work.deliverable_id)
    .where("status", "=", work.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const now = await trx.selectFrom("deliverables").select("status").where("id", "=", work.deliverable_id).executeTakeFirst();
    throw DomainError.conflict("orders.wrongStatus", { status: now?.status ?? work.status });
  }
  // A cancelled rush gives its day's slot back in this transaction (issue 28).
  if (to === "cancelled") await freeRush(trx, work.deliverable_id);
  await recordEvent(trx, {
    order_id: work.id, deliverable_id: work.deliverable_id, at, actor_id: actor.id, actor_role: actor.role, kind: "status",
    from_status: work.status, to_status: to, note: options.note ?? "",
  });
  await refreshOrder(trx, work.id, at);
  return { from: work.status, to };
}

/**
 * Appends an event to the order's timeline, numbered within the order. The order's row is held first (a no-op update:
 * PostgreSQL locks it until commit; SQLite's write transaction holds the whole database), so two transactions on one
 * order — two instances' reminders, a message beside a late flag — never read the same last number.
 */
export async function recordEvent(trx: Kysely<Database>, event: Omit<OrderEventsTable, "id" | "seq">): Promise<void> {
  await holdRow(trx, "orders", event.order_id);
  const last = await trx.selectFrom("order_events").select((eb) => eb.fn.max("seq").as("seq")).where("order_id", "=", event.order_id).executeTakeFirst();
  await trx.insertInto("order_events").values({ id: randomUUID(), seq: Number(last?.seq ?? 0) + 1, ...event }).execute();
}

/** The customer moves that apply now, for the order page's buttons. */
export function customerMoves(order: LifecycleRow, now: Date): Array<"accept" | "request_revision" | "answer" | "cancel" | "cancel_late"> {
  const moves = ["accept", "request_revision", "answer", "cancel", "cancel_late"] as const;
  return moves.filter((move) => applies(move, order, now));
}
