import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import { claimDeliverable, reassignDeliverable, refreshOrder, workOf, type WorkRow } from "./deliverables.repository";
import { nameSortKey, writerSortKey } from "./order-sort-keys";
import { recordEvent, type Actor } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";

/** Who works on a deliverable: a writer taking it from the pool, a manager giving it to someone. */
export interface OrderAssignment {
  /**
   * Staff: takes unassigned paid work (a writer from the pool) by assigning it to themselves: deliverable `n`, or
   * every such deliverable of the order. Atomic: of two people taking the same deliverable at once one wins, the
   * other gets 409.
   */
  take(orderId: string, actor: Actor, n?: number): Promise<void>;
  /** Manager or admin: gives deliverable `n` (or every open deliverable of the order) to `writerId`, or to nobody. */
  assign(orderId: string, actor: Actor, writerId: string | null, n?: number): Promise<void>;
}

type AssignmentDeps = Pick<OrderWorkDeps, "transaction" | "orders" | "access" | "repository" | "effects" | "clock" | "staffDirectory">;

export function createOrderAssignment(deps: AssignmentDeps): OrderAssignment {
  return {
    take: (orderId, actor, n) => takeOrder(deps, orderId, actor, n),
    assign: (orderId, actor, writerId, n) => assignOrder(deps, orderId, actor, writerId, n),
  };
}

const CLOSED = ["completed", "cancelled"];

/** The "assigned" event on the timeline of a deliverable, with the new writer's name (or none). */
export async function assignedEvent(trx: Kysely<Database>, work: WorkRow, actor: Actor, name: string, at: string): Promise<void> {
  await recordEvent(trx, {
    order_id: work.id,
    deliverable_id: work.deliverable_id,
    at,
    actor_id: actor.id,
    actor_role: actor.role,
    kind: "assigned",
    from_status: null,
    to_status: null,
    note: name,
  });
}

export function takeOrder(deps: AssignmentDeps, orderId: string, actor: Actor, n?: number): Promise<void> {
  const { access, repository, clock } = deps;
  return deps.transaction(async (trx) => {
    if (!actor.id || actor.role === "customer" || actor.role === "system") throw DomainError.forbidden();
    const writerId = actor.id;
    const found = await access.lookup(trx, orderId, actor, "see").catch(async (error: unknown) => {
      // Gone from the pool because a colleague took it a moment ago: say so (the pool showed it), reveal nothing more.
      const row = access.policy.writerPool ? await repository.findById(orderId, trx) : undefined;
      if (row && (await workOf(trx, row)).some((work) => work.assigned_to && work.assigned_to !== writerId)) throw DomainError.conflict("orders.alreadyTaken");
      throw error;
    });
    const works = (await workOf(trx, found.order)).filter((work) => n === undefined || work.n === n);
    if (n !== undefined && works.length === 0) throw DomainError.notFound();
    if (works.every((work) => work.assigned_to === writerId)) return;
    const free = works.filter((work) => !work.assigned_to && work.status === "paid");
    if (free.length === 0) {
      const other = works.find((work) => work.assigned_to !== writerId);
      throw !other || other.status === "paid" ? DomainError.conflict("orders.alreadyTaken") : DomainError.conflict("orders.wrongStatus", { status: other.status });
    }
    const me = await deps.staffDirectory.activeMember(writerId, trx);
    const name = `${me?.first_name ?? ""} ${me?.last_name ?? ""}`.trim();
    const at = clock.now().toISOString();
    for (const work of free) {
      if (!(await claimDeliverable(trx, work.deliverable_id, writerId, "paid", at, nameSortKey(me)))) throw DomainError.conflict("orders.alreadyTaken");
      await assignedEvent(trx, work, actor, name, at);
      await deps.effects.audit(trx, actor, "take", work, { status: work.status, assignedTo: writerId });
    }
    await refreshOrder(trx, found.order.id, at);
  });
}

export async function assignOrder(deps: AssignmentDeps, orderId: string, actor: Actor, writerId: string | null, n?: number): Promise<void> {
  const closed: string[] = [];
  const done = await deps.orders.runWork(orderId, n, actor, null, async (trx, work) => {
    if (actor.role !== "manager" && actor.role !== "admin") throw DomainError.forbidden();
    // The order-level assign gives every open deliverable; a closed one is left as it is (alone, it is a 409).
    if (CLOSED.includes(work.status)) {
      closed.push(work.status);
      return false;
    }
    let name = "";
    let sortKey = writerSortKey(null);
    if (writerId) {
      const writer = await deps.staffDirectory.activeMember(writerId, trx);
      if (!writer) throw DomainError.field("writerId", "orders.notStaff");
      name = `${writer.first_name} ${writer.last_name}`.trim();
      sortKey = writerSortKey(writer);
    }
    const at = deps.clock.now().toISOString();
    if (!(await reassignDeliverable(trx, work.deliverable_id, writerId, work.status, at, sortKey))) throw DomainError.conflict("orders.wrongStatus", { status: work.status });
    await assignedEvent(trx, work, actor, name, at);
    await deps.effects.audit(trx, actor, "assign", work, { status: work.status, assignedTo: writerId });
    await refreshOrder(trx, work.id, at);
    return true;
  });
  if (!done.includes(true)) throw DomainError.conflict("orders.wrongStatus", { status: closed[0] ?? "completed" });
}
