import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { OrderAccess } from "./order-access";
import { createOrderAssignment, type OrderAssignment } from "./order-assignment";
import { createOrderDelivery, type OrderDelivery } from "./order-delivery";
import type { ResultFile } from "./order-files";
import { scheduleLate } from "./order-jobs";
import type { Actor } from "./order-lifecycle";
import { lookupOrder, orderFile, staffOrderFile } from "./order-lookup";
import { createOrderMessages, type OrderMessages } from "./order-messages";
import { createOrderMoves, type OrderMoves } from "./order-moves";
import type { OrderRow } from "./order-rows";
import { createDeliverableCredit, type DeliverableCredit } from "./deliverable-credit";
import { createTimedMoves, type TimedMoves } from "./order-timed-moves";
import type { Need } from "./order-transaction";
import type { OrderWorkDeps } from "./order-work-deps";

export type { NewMessage } from "./order-messages";

/**
 * Every move of LIFECYCLE.md as the customer, staff or time makes it on an order's work: each in one transaction with
 * its ledger entry (refunds), its order event (through `moveOrder`), the jobs it makes due and the mail to the other
 * side. One use case per file: order-moves, order-assignment, order-messages, order-delivery, order-timed-moves.
 */
export interface OrderActions extends OrderMoves, OrderAssignment, OrderMessages, OrderDelivery, TimedMoves, DeliverableCredit {
  /** The order and how much of it `actor` sees (order-access.ts); 404 when not theirs, or only in the pool and `need` is work. */
  lookup(orderId: string, actor: Actor, need?: Need): Promise<{ order: OrderRow; access: OrderAccess }>;
  /** A stored file of the order (a version's file or a visible attachment) for `actor`, or a 404. */
  file(orderId: string, fileId: string, actor: Actor): Promise<ResultFile>;
  /** A stored file of the order opened from the back office: a manager's or admin's, or the assigned writer's; else a 404. */
  staffFile(orderId: string, fileId: string, actor: Actor): Promise<ResultFile>;
  /** The check for lateness at the order's due date, in the caller's transaction. */
  scheduleLate(trx: Kysely<Database>, work: { id: string; deliverable_id: string }, dueAt: string): Promise<void>;
}

export function createOrderActions(deps: OrderWorkDeps): OrderActions {
  return {
    ...createOrderMoves(deps),
    ...createOrderAssignment(deps),
    ...createOrderMessages(deps),
    ...createOrderDelivery(deps),
    ...createTimedMoves(deps),
    ...createDeliverableCredit(deps),
    lookup: (orderId, actor, need) => lookupOrder(deps, orderId, actor, need),
    file: (orderId, fileId, actor) => orderFile(deps, orderId, fileId, actor),
    staffFile: (orderId, fileId, actor) => staffOrderFile(deps, orderId, fileId, actor),
    scheduleLate: (trx, work, dueAt) => scheduleLate(deps.jobs, trx, work, dueAt),
  };
}
