import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Dashboard } from "../../../contract/admin-orders";
import { CURRENCIES, type Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { DAY_MS, type Clock } from "../../platform/clock";
import type { OrderAccessPolicy } from "./order-access";

type WorkScope = ExpressionBuilder<Database, "orders" | "deliverables">;
import type { Actor } from "./order-lifecycle";
import type { WalletService } from "../wallet";
import { dailySales, dueAndPoolCounts, workload } from "./order-workload";
import { guaranteeCost } from "./on-time-guarantee";
import type { People, StaffDirectory } from "./orders-ports";

const WINDOW_DAYS = 30;

function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  if (upper === undefined) return null;
  const lower = sorted[middle - 1];
  return sorted.length % 2 === 1 || lower === undefined ? upper : (lower + upper) / 2;
}

/**
 * The back office's first screen in one call, what must happen today: deliverables by what they wait for, at risk, due
 * this week and in the pool, open work per writer, tickets open, money in (deposits), out (refunds) and order sales per
 * currency and day over the last 30 days, and how fast and how punctually first deliveries went out.
 * Counted over the deliverables the access policy shows the caller (a writer: their own and the pool); a writer sees no money.
 */
export type OrdersDashboard = (actor: Actor) => Promise<Dashboard>;

export interface OrdersDashboardDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrderAccessPolicy;
  ticketsOpen: () => Promise<number>;
  wallet: Pick<WalletService, "dailyDepositsAndRefunds">;
  people: People;
  staff: Pick<StaffDirectory, "activeMembers" | "deactivatedAmong">;
}

type Point = { day: string; amount: number };

/**
 * Money per currency over the window, one point a day: deposits in and refunds out (the wallet's ledger) and order
 * sales (what orders placed that day cost).
 */
async function moneyOf(deps: OrdersDashboardDeps, since: Date): Promise<NonNullable<Dashboard["money"]>> {
  const from = since.toISOString();
  const [rows, sales] = await Promise.all([deps.wallet.dailyDepositsAndRefunds(from), dailySales(deps.db, from)]);
  const days = Array.from({ length: WINDOW_DAYS }, (_, index) => new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10));
  const series = (found: (day: string) => number | undefined): Point[] => days.map((day) => ({ day, amount: toMajor(Math.abs(Number(found(day) ?? 0))) }));
  const ledger = (currency: Currency, kind: string) => series((day) => rows.find((row) => row.currency === currency && row.kind === kind && row.day === day)?.amount);
  const total = (points: Point[]) => toMajor(points.reduce((sum, point) => sum + Math.round(point.amount * 100), 0));
  const used = (currency: Currency) => rows.some((row) => row.currency === currency) || sales.some((row) => row.currency === currency);
  return CURRENCIES.filter(used).map((currency) => {
    const moneyIn = ledger(currency, "deposit");
    const moneyOut = ledger(currency, "refund");
    const sold = series((day) => sales.find((row) => row.currency === currency && row.day === day)?.amount);
    return { currency, moneyIn, moneyOut, sales: sold, totalIn: total(moneyIn), totalOut: total(moneyOut), totalSales: total(sold) };
  });
}

export function createOrdersDashboard(deps: OrdersDashboardDeps): OrdersDashboard {
  const { db, clock } = deps;
  return async function dashboard(actor: Actor): Promise<Dashboard> {
    const now = clock.now();
    const at = now.toISOString();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (WINDOW_DAYS - 1) * DAY_MS);
    const writer = actor.role === "writer";
    // Counted per deliverable, the unit of work, over those the access policy shows the caller.
    const mine = <T extends { where: (filter: (eb: WorkScope) => Expression<SqlBool>) => T }>(query: T): T =>
      query.where((eb: WorkScope) => deps.access.deliverableVisibleTo(eb, actor));
    const work = () => db.selectFrom("deliverables").innerJoin("orders", "orders.id", "deliverables.order_id");

    const byStatus = await mine(
      work()
        .select(["deliverables.status", (eb) => eb.fn.countAll<number>().as("n")])
        .where("deliverables.status", "in", ["paid", "in_progress", "revision_requested", "needs_info", "delivered"])
        .groupBy("deliverables.status"),
    ).execute();
    const count = (...statuses: string[]) => byStatus.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
    const late = await mine(
      work()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where((eb) =>
          eb.or([
            eb.and([eb("deliverables.status", "in", ["paid", "in_progress"]), eb("deliverables.due_at", "<", at)]),
            eb.and([eb("deliverables.status", "=", "needs_info"), eb("deliverables.needs_info_since", ">", eb.ref("deliverables.due_at"))]),
          ]),
        ),
    ).executeTakeFirst();

    // Each deliverable's first delivery in the window: how long after placing, and whether by its due date.
    const firsts = (
      await mine(
        work()
          .innerJoin("order_versions", "order_versions.deliverable_id", "deliverables.id")
          .select(["deliverables.created_at", "deliverables.due_at", (eb) => eb.fn.min("order_versions.created_at").as("delivered_at")])
          .groupBy(["deliverables.id", "deliverables.created_at", "deliverables.due_at"]),
      ).execute()
    )
      .map((row) => ({ created_at: row.created_at, due_at: row.due_at, delivered_at: String(row.delivered_at) }))
      .filter((row) => row.delivered_at >= since.toISOString());
    const hours = firsts.map((row) => (Date.parse(row.delivered_at) - Date.parse(row.created_at)) / 3_600_000);
    const medianHours = median(hours);
    const onTime = firsts.filter((row) => row.delivered_at <= row.due_at).length;

    const due = await dueAndPoolCounts(db, mine, now);

    return {
      counts: {
        waiting: count("paid"),
        inProgress: count("in_progress", "revision_requested"),
        needsInfo: count("needs_info"),
        late: Number(late?.n ?? 0),
        waitingForReview: count("delivered"),
        ...due,
      },
      workload: writer ? null : await workload(db, deps.people, deps.staff),
      ticketsOpen: writer ? null : await deps.ticketsOpen(),
      // The wallet owns the ledger: it answers the sums per day; a writer sees no money.
      money: writer ? null : await moneyOf(deps, since),
      delivery: {
        medianHours: medianHours === null ? null : Math.round(medianHours * 10) / 10,
        onTimeShare: firsts.length === 0 ? null : onTime / firsts.length,
        delivered: firsts.length,
      },
      // The on-time guarantee's cost (issue 28): money, so not for a writer.
      guarantee: writer
        ? null
        : (await guaranteeCost(db, since.toISOString())).map((row) => ({ currency: row.currency as Currency, count: row.count, total: toMajor(row.amount) })),
      since: since.toISOString(),
    };
  };
}
