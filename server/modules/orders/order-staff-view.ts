import type { Kysely } from "kysely";
import type { StaffAction, StaffOrderDetail } from "../../../contract/admin-orders";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { applies, type Actor } from "./order-lifecycle";
import { orderDetail } from "./order-view";
import type { OrderRow, OrdersRepository } from "./orders.repository";

export interface UploadRules {
  limitBytes: number;
  allowedTypes: string[];
  maxFiles: number;
}

const fullName = (row: { first_name: string | null; last_name: string | null } | undefined) => `${row?.first_name ?? ""} ${row?.last_name ?? ""}`.trim();

/** What `actor` may do on `order` now: the lifecycle's staff moves that apply, assignment for managers, messages always. */
export function staffActions(order: OrderRow, actor: Actor, now: Date): StaffAction[] {
  const manager = actor.role === "manager" || actor.role === "admin";
  const open = order.status !== "completed" && order.status !== "cancelled";
  const moves: Array<[StaffAction, boolean]> = [
    ["start", applies("start", order, now)],
    ["ask", applies("ask", order, now)],
    ["deliver", applies("deliver", order, now)],
    ["cancel", manager && applies("staff_cancel", order, now)],
    ["assign", manager && open],
    ["message", true],
    ["note", true],
  ];
  return moves.filter(([, allowed]) => allowed).map(([action]) => action);
}

/** The order page as staff see it: the customer's page plus the customer, billing, writer, who did what, and the moves. */
export async function staffOrderDetail(db: Kysely<Database>, repository: OrdersRepository, order: OrderRow, actor: Actor, now: Date, upload: UploadRules): Promise<StaffOrderDetail> {
  const base = await orderDetail(repository, order, actor, now);
  const events = await repository.events(order.id);
  const peopleIds = [...new Set([order.user_id, ...(order.assigned_to ? [order.assigned_to] : []), ...events.map((event) => event.actor_id).filter((id): id is string => Boolean(id))])];
  const people = await db.selectFrom("users").select(["id", "email", "first_name", "last_name"]).where("id", "in", peopleIds).execute();
  const person = new Map(people.map((row) => [row.id, row]));
  const refunds = await db.selectFrom("ledger_entries").select((eb) => eb.fn.sum<number>("amount").as("sum")).where("kind", "=", "refund").where("reference", "=", order.number).where("user_id", "=", order.user_id).executeTakeFirst();
  const customer = person.get(order.user_id);
  return {
    ...base,
    customer: { id: order.user_id, email: customer?.email ?? "", name: fullName(customer) },
    billing: JSON.parse(order.billing_json) as Record<string, unknown>,
    writer: order.assigned_to ? { id: order.assigned_to, name: fullName(person.get(order.assigned_to)) || (person.get(order.assigned_to)?.email ?? "") } : null,
    staffEvents: events.map((event) => ({
      at: event.at,
      actorRole: event.actor_role,
      actorName: event.actor_id ? fullName(person.get(event.actor_id)) || null : null,
      kind: event.kind,
      from: event.from_status,
      to: event.to_status,
      note: event.note,
    })),
    staffActions: staffActions(order, actor, now),
    refunded: toMajor(Number(refunds?.sum ?? 0)),
    upload,
  };
}
