import type { StaffAction, StaffDeliverable, StaffOrderDetail } from "../../../contract/admin-orders";
import { toMajor } from "../../../contract/money";
import { sees, type DeliverableSight, type OrderAccess } from "./order-access";
import { applies, type Actor } from "./order-lifecycle";
import { orderDetail, staffNames } from "./order-view";
import type { OrderEventRow, OrderRow, OrdersRepository } from "./orders.repository";
import type { People } from "./orders-ports";
import type { WalletService } from "../wallet";

export interface UploadRules {
  limitBytes: number;
  allowedTypes: string[];
  maxFiles: number;
}

const fullName = (row: { first_name: string | null; last_name: string | null } | undefined) => `${row?.first_name ?? ""} ${row?.last_name ?? ""}`.trim();

/** The language the customer ordered in (their mail goes out in it): what staff write to them in. */
const localeOf = (order: Pick<OrderRow, "locale">): "en" | "es" => (order.locale === "es" ? "es" : "en");

type ActionRow = Pick<OrderRow, "status" | "due_at" | "needs_info_since" | "revisions_used" | "revision_rounds">;

/**
 * What `actor` may do on a deliverable (or on an order, through its summary) now: the lifecycle's staff moves that
 * apply, assignment, refunds and goodwill credit for managers, messages always; taking alone on a pool item.
 */
export function staffActions(order: ActionRow, actor: Actor, now: Date, access: OrderAccess = "full", givable = 0): StaffAction[] {
  if (access === "pool") return ["take"];
  const manager = actor.role === "manager" || actor.role === "admin";
  const open = order.status !== "completed" && order.status !== "cancelled";
  const moves: Array<[StaffAction, boolean]> = [
    ["start", applies("start", order, now)],
    ["ask", applies("ask", order, now)],
    ["deliver", applies("deliver", order, now)],
    ["cancel", manager && applies("staff_cancel", order, now)],
    ["credit", manager && givable > 0],
    ["assign", manager && open],
    ["message", true],
    ["note", true],
  ];
  return moves.filter(([, allowed]) => allowed).map(([action]) => action);
}

/** A pool item as a writer sees it: the brief, the status and the due date; no customer, thread, files or history. */
async function poolDetail(repository: OrdersRepository, order: OrderRow, actor: Actor, now: Date, upload: UploadRules, sight: DeliverableSight | null): Promise<StaffOrderDetail> {
  const base = await orderDetail(repository, order, actor, now, undefined, sight);
  return {
    ...base,
    customerLocale: localeOf(order),
    result: null,
    events: [],
    versions: [],
    messages: [],
    unreadMessages: 0,
    access: "pool",
    customer: null,
    customerBlocked: false,
    billing: null,
    writer: null,
    staffEvents: [],
    staffActions: staffActions(order, actor, now, "pool"),
    refunded: 0,
    staffDeliverables: (await repository.deliverablesOf([order.id])).map((work) => ({
      n: work.n,
      writer: null,
      staffActions: !work.assigned_to && work.status === "paid" ? (["take"] as StaffAction[]) : [],
      refunded: 0,
      credited: 0,
      revisionRequest: null,
    })),
    upload,
  };
}

/** Each deliverable as staff see it: its writer, what the caller may do on it, money given back, the revision asked for. */
async function staffDeliverables(
  repository: OrdersRepository,
  order: OrderRow,
  actor: Actor,
  now: Date,
  nameOf: (id: string) => string,
  events: OrderEventRow[],
  sight: DeliverableSight | null,
): Promise<StaffDeliverable[]> {
  const works = await repository.deliverablesOf([order.id]);
  const given = await repository.adjustmentsOf(works.map((work) => work.id));
  return works.map((work) => {
    const money = given.get(work.id) ?? { refunded: 0, credited: 0 };
    const mine = actor.role !== "writer" || work.assigned_to === actor.id;
    const pool = !work.assigned_to && work.status === "paid";
    const asked = events.filter((event) => event.to_status === "revision_requested" && (event.deliverable_id === work.id || event.deliverable_id === null)).at(-1);
    const actions: StaffAction[] = mine ? staffActions(work, actor, now, "full", work.price - money.refunded - money.credited) : pool ? ["take"] : [];
    return {
      n: work.n,
      writer: work.assigned_to ? { id: work.assigned_to, name: nameOf(work.assigned_to) } : null,
      staffActions: actions,
      refunded: toMajor(money.refunded),
      credited: toMajor(money.credited),
      // What the customer asked a colleague to change is theirs to read (order-access.ts, sightOf).
      revisionRequest:
        work.status === "revision_requested" && sees(sight, work.id)
          ? { round: work.revisions_used, rounds: work.revision_rounds, changes: asked?.note ?? "", requestedAt: asked?.at ?? work.updated_at, dueAt: work.due_at }
          : null,
    };
  });
}

/**
 * The order page as staff see it: the customer's page plus the customer, billing, writer, who did what, and the moves,
 * cut to `access` (order-access.ts): a writer's assigned order shows the customer's first name, never the e-mail or
 * the billing details; a pool item the brief alone.
 */
export async function staffOrderDetail(others: { people: People; wallet: Pick<WalletService, "refundedFor"> }, repository: OrdersRepository, order: OrderRow, actor: Actor, access: OrderAccess, now: Date, upload: UploadRules, sight: DeliverableSight | null = null): Promise<StaffOrderDetail> {
  if (access === "pool") return poolDetail(repository, order, actor, now, upload, sight);
  const full = access === "full";
  const base = await orderDetail(repository, order, actor, now, staffNames(others.people), sight);
  const events = (await repository.events(order.id)).filter((event) => sees(sight, event.deliverable_id));
  const writers = (await repository.deliverablesOf([order.id])).map((work) => work.assigned_to).filter((id): id is string => Boolean(id));
  const peopleIds = [...new Set([order.user_id, ...writers, ...(order.assigned_to ? [order.assigned_to] : []), ...events.map((event) => event.actor_id).filter((id): id is string => Boolean(id))])];
  // Who they are comes from accounts, what was refunded from the wallet: one batch lookup each.
  const person = await others.people.mapOf(peopleIds);
  const refunded = await others.wallet.refundedFor(order.user_id, order.number);
  const customer = person.get(order.user_id);
  const customerBlocked = (await others.people.blockedAmong([order.user_id])).length > 0;
  // Names in the history: a writer sees the customer's first name there too.
  const nameOf = (id: string) => (id === order.user_id && !full ? (customer?.first_name ?? "") : fullName(person.get(id)));
  return {
    ...base,
    access,
    customer: full ? { id: order.user_id, email: customer?.email ?? "", name: fullName(customer) } : { id: null, email: null, name: customer?.first_name ?? "" },
    customerBlocked,
    billing: full ? (JSON.parse(order.billing_json) as Record<string, unknown>) : null,
    customerLocale: localeOf(order),
    writer: order.assigned_to ? { id: order.assigned_to, name: fullName(person.get(order.assigned_to)) || (person.get(order.assigned_to)?.email ?? "") } : null,
    staffEvents: events.map((event) => ({
      at: event.at,
      actorRole: event.actor_role,
      actorName: event.actor_id ? nameOf(event.actor_id) || null : null,
      kind: event.kind,
      from: event.from_status,
      to: event.to_status,
      note: event.note,
    })),
    staffActions: staffActions(order, actor, now, access),
    refunded: toMajor(refunded),
    staffDeliverables: await staffDeliverables(repository, order, actor, now, (id) => fullName(person.get(id)) || (person.get(id)?.email ?? ""), events, sight),
    upload,
  };
}
