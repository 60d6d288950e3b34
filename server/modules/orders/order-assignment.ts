import { DomainError } from "../../platform/domain-error";
import { recordEvent, type Actor } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";

/** Who works on an order: a writer taking it from the pool, a manager giving it to someone. */
export interface OrderAssignment {
  /**
   * Staff: takes an unassigned paid order (a writer from the pool) by assigning it to themselves. Atomic: of two
   * people taking the same order at once one wins, the other gets 409.
   */
  take(orderId: string, actor: Actor): Promise<void>;
  /** Manager or admin: gives the order to `writerId` (a staff member), or to nobody. */
  assign(orderId: string, actor: Actor, writerId: string | null): Promise<void>;
}

type AssignmentDeps = Pick<
  OrderWorkDeps,
  "transaction" | "orders" | "access" | "repository" | "effects" | "clock" | "staffDirectory"
>;

export function createOrderAssignment(deps: AssignmentDeps): OrderAssignment {
  return {
    take: (orderId, actor) => takeOrder(deps, orderId, actor),
    assign: (orderId, actor, writerId) => assignOrder(deps, orderId, actor, writerId),
  };
}

export function takeOrder(deps: AssignmentDeps, orderId: string, actor: Actor): Promise<void> {
  const { access, repository, clock } = deps;
  return deps.transaction(async (trx) => {
    if (!actor.id || actor.role === "customer" || actor.role === "system") throw DomainError.forbidden();
    const found = await access.lookup(trx, orderId, actor, "see").catch(async (error: unknown) => {
      // Gone from the pool because a colleague took it a moment ago: say so (the pool showed it), reveal nothing more.
      const row = access.policy.writerPool ? await repository.findById(orderId, trx) : undefined;
      if (row?.assigned_to && row.assigned_to !== actor.id) throw DomainError.conflict("orders.alreadyTaken");
      throw error;
    });
    const order = found.order;
    if (order.assigned_to === actor.id) return;
    if (!(await repository.claim(order.id, actor.id, "paid", clock.now().toISOString(), trx))) {
      throw order.status === "paid"
        ? DomainError.conflict("orders.alreadyTaken")
        : DomainError.conflict("orders.wrongStatus", { status: order.status });
    }
    const me = await deps.staffDirectory.activeMember(actor.id, trx);
    const name = `${me?.first_name ?? ""} ${me?.last_name ?? ""}`.trim();
    const at = clock.now().toISOString();
    await recordEvent(trx, {
      order_id: order.id,
      at,
      actor_id: actor.id,
      actor_role: actor.role,
      kind: "assigned",
      from_status: null,
      to_status: null,
      note: name,
    });
    await deps.effects.audit(trx, actor, "take", order, { status: order.status, assignedTo: actor.id });
  });
}

export function assignOrder(
  deps: AssignmentDeps,
  orderId: string,
  actor: Actor,
  writerId: string | null,
): Promise<void> {
  return deps.orders.run(orderId, actor, async (trx, order) => {
    if (actor.role !== "manager" && actor.role !== "admin") throw DomainError.forbidden();
    if (order.status === "completed" || order.status === "cancelled")
      throw DomainError.conflict("orders.wrongStatus", { status: order.status });
    let name = "";
    if (writerId) {
      const writer = await deps.staffDirectory.activeMember(writerId, trx);
      if (!writer) throw DomainError.field("writerId", "orders.notStaff");
      name = `${writer.first_name} ${writer.last_name}`.trim();
    }
    const updated = await deps.repository.reassign(
      order.id,
      writerId,
      order.status,
      deps.clock.now().toISOString(),
      trx,
    );
    if (!updated) throw DomainError.conflict("orders.wrongStatus", { status: order.status });
    const at = deps.clock.now().toISOString();
    await recordEvent(trx, {
      order_id: order.id,
      at,
      actor_id: actor.id,
      actor_role: actor.role,
      kind: "assigned",
      from_status: null,
      to_status: null,
      note: name,
    });
    await deps.effects.audit(trx, actor, "assign", order, { status: order.status, assignedTo: writerId });
  });
}
