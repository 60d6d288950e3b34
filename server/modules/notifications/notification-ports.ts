import type { Kysely } from "kysely";
import type { NotificationKind } from "../../../contract/notifications";
import type { Database } from "../../db/schema";

/** Who is active staff (the staff module's directory, wired in server/services.ts): who may be told. */
export interface StaffRoster {
  activeMembers(trx?: Kysely<Database>): Promise<Array<{ id: string; email: string; first_name: string; role: "writer" | "manager" | "admin" }>>;
}

/**
 * A fact staff should hear of, told by the module where it happens, inside the transaction that records it. Who
 * hears of it follows the access rules (LIFECYCLE.md, staff roles): the person the work is assigned to; managers and
 * admins when nobody (active) has it. A writer is never told about work that is not theirs.
 */
export interface StaffNotice {
  kind: NotificationKind;
  order?: { id: string; number: string; deliverableN?: number | null; productId?: string | null };
  ticket?: { id: string; reference: string };
  /** Whom the work is assigned to, one entry per deliverable concerned (null: nobody). Left out: managers and admins. */
  assignees?: ReadonlyArray<string | null>;
  /** The person whose action it was is not told about it. */
  actorId?: string | null;
  /** Once per person: a second notice with this key adds nothing (work at risk: once per deliverable). */
  onceKey?: string;
}

/**
 * Work that changed hands (a colleague's deactivation hands their open deliverables over): `fromId`'s unread
 * notifications about it go to whoever hears of that work now: `toId`, or managers and admins for the pool. (A
 * ticket's only notice, "assigned to you", is told anew to its new assignee by the ticket's own hand-over.)
 */
export interface StaffHandOver {
  fromId: string;
  /** The colleague who holds the work now; null: nobody (the pool or the support inbox). */
  toId: string | null;
  /** The deliverables handed over, by order id and n (an order-wide notification moves with them). */
  orders: ReadonlyArray<{ id: string; n: number }>;
}

/** The port other modules tell staff through (this module's public entry gives it; orders and support take it). */
export interface StaffNotifier {
  notify(trx: Kysely<Database>, notice: StaffNotice): Promise<void>;
  /** Moves the unread notifications about handed-over work to its new assignee (or the pool's watchers), in `trx`. */
  handOver(trx: Kysely<Database>, change: StaffHandOver): Promise<void>;
}
