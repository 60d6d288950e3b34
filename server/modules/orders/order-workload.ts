import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Dashboard, DueWindow } from "../../../contract/admin-orders";
import type { DeliverableStatus } from "../../../contract/deliverables";
import type { Database } from "../../db/schema";
import { DAY_MS } from "../../platform/clock";
import { fullNameOf, type People, type StaffDirectory } from "./orders-ports";

type Eb = ExpressionBuilder<Database, "orders" | "deliverables">;

/** Work whose clock runs and that is not delivered yet: what a due date still asks of someone. */
export const UNDELIVERED_RUNNING: DeliverableStatus[] = ["paid", "in_progress", "revision_requested"];

/** Held by a writer and not finished: what their workload counts. */
const HELD: DeliverableStatus[] = ["paid", "in_progress", "revision_requested", "needs_info", "delivered"];

/**
 * The time a due-date window covers from `now`: `risk` the next 24 hours, `week` until the end of this week (Monday
 * 00:00 UTC next). Work already late is neither: the late filter shows it.
 */
export function dueWindow(window: DueWindow, now: Date): { from: string; to: string } {
  if (window === "risk") return { from: now.toISOString(), to: new Date(now.getTime() + DAY_MS).toISOString() };
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysToMonday = (8 - now.getUTCDay()) % 7 || 7;
  return { from: now.toISOString(), to: new Date(midnight + daysToMonday * DAY_MS).toISOString() };
}

/** Deliverables not delivered whose due date falls in the window (the queue's `due` filter and the dashboard's counts). */
export function dueIn(eb: Eb, window: DueWindow, now: Date): Expression<SqlBool> {
  const { from, to } = dueWindow(window, now);
  return eb.and([eb("deliverables.status", "in", UNDELIVERED_RUNNING), eb("deliverables.due_at", ">=", from), eb("deliverables.due_at", "<", to)]);
}

type Scoped = <T extends { where: (filter: (eb: Eb) => Expression<SqlBool>) => T }>(query: T) => T;

/** How many deliverables the caller sees in each due window and in the pool (unassigned, waiting for a writer). */
export async function dueAndPoolCounts(db: Kysely<Database>, mine: Scoped, now: Date): Promise<{ atRisk: number; dueThisWeek: number; pool: number }> {
  const count = async (filter: (eb: Eb) => Expression<SqlBool>) =>
    Number(
      (await mine(db.selectFrom("deliverables").innerJoin("orders", "orders.id", "deliverables.order_id").select((eb) => eb.fn.countAll<number>().as("n")).where(filter)).executeTakeFirst())?.n ?? 0,
    );
  const [atRisk, dueThisWeek, pool] = await Promise.all([
    count((eb) => dueIn(eb, "risk", now)),
    count((eb) => dueIn(eb, "week", now)),
    count((eb) => eb.and([eb("deliverables.status", "=", "paid"), eb("deliverables.assigned_to", "is", null)])),
  ]);
  return { atRisk, dueThisWeek, pool };
}

/**
 * Open work per writer: every active writer (none left out for having nothing) and anyone else holding open work
 * (a manager, a deactivated colleague), with their deliverables not started, in progress, in revision, and waiting for
 * the customer (a question or a delivery to review). Names come from accounts, who is active from the staff module.
 */
export async function workload(db: Kysely<Database>, people: People, staff: Pick<StaffDirectory, "activeMembers" | "deactivatedAmong">): Promise<NonNullable<Dashboard["workload"]>> {
  const rows = await db
    .selectFrom("deliverables")
    .select(["assigned_to", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("assigned_to", "is not", null)
    .where("status", "in", HELD)
    .groupBy(["assigned_to", "status"])
    .execute();
  const active = await staff.activeMembers();
  const holders = [...new Set(rows.map((row) => row.assigned_to as string))];
  const ids = [...new Set([...active.filter((member) => member.role === "writer").map((member) => member.id), ...holders])];
  const person = await people.mapOf(ids);
  const inactive = new Set(await staff.deactivatedAmong(holders));
  const of = (id: string, ...statuses: DeliverableStatus[]) =>
    rows.filter((row) => row.assigned_to === id && statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  return ids
    .map((id) => ({
      writer: { id, name: fullNameOf(person.get(id)) || (person.get(id)?.email ?? ""), active: !inactive.has(id) },
      notStarted: of(id, "paid"),
      inProgress: of(id, "in_progress"),
      revision: of(id, "revision_requested"),
      awaiting: of(id, "needs_info", "delivered"),
    }))
    .sort((a, b) => a.writer.name.localeCompare(b.writer.name));
}

/** Order sales per currency and day (YYYY-MM-DD) since `since`: what orders placed that day cost (minor units). */
export async function dailySales(db: Kysely<Database>, since: string): Promise<Array<{ currency: string; day: string; amount: number }>> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom("orders")
    .select(["currency", day.as("day"), (eb) => eb.fn.sum<number>("total").as("amount")])
    .where("created_at", ">=", since)
    .groupBy(["currency", day])
    .execute();
  return rows.map((row) => ({ currency: row.currency, day: row.day, amount: Number(row.amount) }));
}
