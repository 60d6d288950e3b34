import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { OrderStatus } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { Actor } from "./order-lifecycle";
import type { OrderRow } from "./orders.repository";

/**
 * Who sees which order, and how much of it (LIFECYCLE.md, staff roles; docs/decisions/0046-order-access-policy.md).
 * The one place that says it: the lookup of every order action and download, the queue, its CSV export and the
 * dashboard all filter with `visibleTo`, and `accessOf` says what a visible row shows.
 *
 * - `full`: the customer's own order; every order for a manager, an admin or the system.
 * - `work`: a writer's assigned order: brief, thread, files, status, due date; the customer's first name only, never
 *   the e-mail or the billing details.
 * - `pool`: unassigned work a writer may take (while the pool is on): the brief alone; taking (or starting) it is the
 *   only thing a writer can do with it.
 */
export type OrderAccess = "full" | "work" | "pool";

export interface AccessPolicy {
  /** Writers see unassigned paid orders as a pool and take them (WRITER_POOL); off, they see assigned work only. */
  writerPool: boolean;
}

/** The pool: nobody assigned, paid and waiting (not a question pending, not started, not closed). */
const POOL_STATUSES: readonly OrderStatus[] = ["paid"];

/** Any query that has the `orders` table in scope (the queue and the dashboard join others to it). */
export type OrdersScope = ExpressionBuilder<Database, "orders">;

type AccessRow = Pick<OrderRow, "user_id">;
/** What access reads of the deliverables a writer may reach. */
type WorkAccessRow = { assigned_to: string | null; status: OrderStatus };

const EVERYTHING = ["manager", "admin", "system"];

/** What `sightOf` reads of a deliverable. */
type SightRow = WorkAccessRow & { id: string };

/** The deliverables (by id) a writer sees inside an order: their work, and the briefs they may read. */
export interface DeliverableSight {
  work: ReadonlySet<string>;
  briefs: ReadonlySet<string>;
}

/** Whether a row about `deliverableId` (null: about the whole order) is within `sight` (null: everything). */
export function sees(sight: DeliverableSight | null, deliverableId: string | null): boolean {
  return sight === null || deliverableId === null || sight.work.has(deliverableId);
}

export function createOrderAccess(policy: AccessPolicy) {
  /** An order with a deliverable nobody has, paid and waiting. */
  const inPool = (eb: OrdersScope): Expression<SqlBool> =>
    eb.exists(
      eb
        .selectFrom("deliverables as pool")
        .select("pool.id")
        .where("pool.order_id", "=", eb.ref("orders.id"))
        .where("pool.assigned_to", "is", null)
        .where("pool.status", "in", [...POOL_STATUSES]),
    );
  /** An order with a deliverable assigned to `writerId`. */
  const assignedTo = (eb: OrdersScope, writerId: string): Expression<SqlBool> =>
    eb.exists(eb.selectFrom("deliverables as mine").select("mine.id").where("mine.order_id", "=", eb.ref("orders.id")).where("mine.assigned_to", "=", writerId));

  /** The orders `actor` may see at all, as one condition on the `orders` table. */
  function visibleTo(eb: OrdersScope, actor: Actor): Expression<SqlBool> {
    if (EVERYTHING.includes(actor.role)) return sql<SqlBool>`1 = 1`;
    if (!actor.id) return sql<SqlBool>`1 = 0`;
    if (actor.role === "customer") return eb("orders.user_id", "=", actor.id);
    if (actor.role !== "writer") return sql<SqlBool>`1 = 0`;
    const assigned = assignedTo(eb, actor.id);
    return policy.writerPool ? eb.or([assigned, inPool(eb)]) : assigned;
  }

  /**
   * The deliverables `actor` may see as rows of the queue, as one condition on `deliverables` joined to `orders`: the
   * same rule as `visibleTo`, per deliverable (a writer's own, and the pool's unassigned paid ones).
   */
  function deliverableVisibleTo(eb: ExpressionBuilder<Database, "orders" | "deliverables">, actor: Actor): Expression<SqlBool> {
    if (EVERYTHING.includes(actor.role)) return sql<SqlBool>`1 = 1`;
    if (!actor.id) return sql<SqlBool>`1 = 0`;
    if (actor.role === "customer") return eb("orders.user_id", "=", actor.id);
    if (actor.role !== "writer") return sql<SqlBool>`1 = 0`;
    const assigned = eb("deliverables.assigned_to", "=", actor.id);
    if (!policy.writerPool) return assigned;
    return eb.or([assigned, eb.and([eb("deliverables.assigned_to", "is", null), eb("deliverables.status", "in", [...POOL_STATUSES])])]);
  }

  /**
   * How much of `order` `actor` sees: the same rule as `visibleTo` for one row already read, with its deliverables (or
   * the one deliverable a queue row is) (null: not at all). A writer works an order when one of its deliverables is
   * theirs; otherwise an unassigned paid one puts it in the pool.
   */
  function accessOf(order: AccessRow, actor: Actor, work: readonly WorkAccessRow[]): OrderAccess | null {
    if (EVERYTHING.includes(actor.role)) return "full";
    if (!actor.id) return null;
    if (actor.role === "customer") return order.user_id === actor.id ? "full" : null;
    if (actor.role !== "writer") return null;
    if (work.some((row) => row.assigned_to === actor.id)) return "work";
    return policy.writerPool && work.some((row) => row.assigned_to === null && POOL_STATUSES.includes(row.status)) ? "pool" : null;
  }

  /**
   * Which of an order's deliverables `actor` sees the inside of (null: all of them — the customer, managers, admins,
   * the system). A writer sees the versions, files, events and messages of the deliverables assigned to them, and
   * the briefs of those and of the pool's (unassigned, paid, while the pool is on); of a colleague's deliverable only
   * that it is there (its service, status, due date and writer).
   */
  function sightOf(actor: Actor, works: readonly SightRow[]): DeliverableSight | null {
    if (actor.role !== "writer") return null;
    const own = works.filter((row) => row.assigned_to === actor.id).map((row) => row.id);
    const pool = policy.writerPool ? works.filter((row) => row.assigned_to === null && POOL_STATUSES.includes(row.status)).map((row) => row.id) : [];
    return { work: new Set(own), briefs: new Set([...own, ...pool]) };
  }

  /**
   * The order `actor` may see, read through `visibleTo`, with its access; 404 (like an unknown id, revealing nothing)
   * when it is not theirs, or when `need` is `work` and all they may see of it is the pool's brief.
   */
  async function lookup(executor: Kysely<Database>, orderId: string, actor: Actor, need: "see" | "work" = "work"): Promise<{ order: OrderRow; access: OrderAccess }> {
    const order = await executor.selectFrom("orders").selectAll().where("orders.id", "=", orderId).where((eb) => visibleTo(eb, actor)).executeTakeFirst();
    const work = order ? await executor.selectFrom("deliverables").select(["assigned_to", "status"]).where("order_id", "=", order.id).execute() : [];
    const access = order ? accessOf(order, actor, work) : null;
    if (!order || !access || (need === "work" && access === "pool")) throw DomainError.notFound();
    return { order, access };
  }

  return { policy, visibleTo, deliverableVisibleTo, accessOf, lookup, inPool, sightOf };
}

export type OrderAccessPolicy = ReturnType<typeof createOrderAccess>;
