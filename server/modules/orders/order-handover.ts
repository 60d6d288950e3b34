import type { Kysely } from "kysely";
import type { OpenWorkItem } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import { OPEN_STATUSES, refreshOrder, workOf } from "./deliverables.repository";
import { assignedEvent } from "./order-assignment";
import { writerSortKey } from "./order-sort-keys";
import type { Actor } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";
import type { StaffNotifier } from "./orders-ports";

/**
 * A colleague's open work when they leave (LIFECYCLE.md "Staff roles"): what they hold, and handing all of it to an
 * active colleague or back to the pool inside the caller's transaction (the staff module's deactivation).
 */
export interface OrderHandOver {
  /** The open deliverables (not completed or cancelled) assigned to `writerId`, soonest due first. */
  openWorkOf(writerId: string, trx?: Kysely<Database>): Promise<OpenWorkItem[]>;
  /**
   * Gives every open deliverable of `fromId` to `toId` (an active colleague) or to nobody (the pool), in `trx`: each
   * with an "assigned" event on its timeline and an audit row, and the unread notifications about it moved to whoever
   * holds it now. Answers what was handed over.
   */
  handOver(trx: Kysely<Database>, actor: Actor, fromId: string, toId: string | null): Promise<OpenWorkItem[]>;
}

type HandOverDeps = Pick<OrderWorkDeps, "db" | "effects" | "clock" | "staffDirectory"> & { notifier?: StaffNotifier };

export function createOrderHandOver(deps: HandOverDeps): OrderHandOver {
  const openWorkOf = async (writerId: string, trx: Kysely<Database> = deps.db): Promise<OpenWorkItem[]> => {
    const rows = await trx
      .selectFrom("deliverables")
      .innerJoin("orders", "orders.id", "deliverables.order_id")
      .select(["orders.id as orderId", "orders.number as number", "deliverables.n", "deliverables.product_id", "deliverables.status", "deliverables.due_at"])
      .where("deliverables.assigned_to", "=", writerId)
      .where("deliverables.status", "in", [...OPEN_STATUSES])
      .orderBy("deliverables.due_at")
      .orderBy("deliverables.id")
      .execute();
    return rows.map((row) => ({ orderId: row.orderId, number: row.number, n: row.n, service: row.product_id, status: row.status, dueAt: row.due_at }));
  };

  return {
    openWorkOf,
    async handOver(trx, actor, fromId, toId) {
      let name = "";
      let sortKey = writerSortKey(null);
      if (toId !== null) {
        const colleague = toId === fromId ? undefined : await deps.staffDirectory.activeMember(toId, trx);
        if (!colleague) throw DomainError.field("handTo", "orders.handToInactive");
        name = `${colleague.first_name} ${colleague.last_name}`.trim();
        sortKey = writerSortKey(colleague);
      }
      const open = await openWorkOf(fromId, trx);
      const at = deps.clock.now().toISOString();
      for (const orderId of new Set(open.map((item) => item.orderId))) {
        const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
        const held = (await workOf(trx, order)).filter((work) => work.assigned_to === fromId && OPEN_STATUSES.includes(work.status));
        for (const work of held) {
          await trx.updateTable("deliverables").set({ assigned_to: toId, writer_sort: sortKey, updated_at: at }).where("id", "=", work.deliverable_id).where("assigned_to", "=", fromId).execute();
          await assignedEvent(trx, work, actor, name, at);
          await deps.effects.audit(trx, actor, "hand_over", work, { status: work.status, assignedTo: toId }, { from: fromId });
        }
        await refreshOrder(trx, orderId, at);
      }
      // What the leaving colleague had not read about this work (an answer, a revision, work at risk) goes with it.
      await deps.notifier?.handOver(trx, { fromId, toId, orders: open.map((item) => ({ id: item.orderId, n: item.n })) });
      return open;
    },
  };
}
