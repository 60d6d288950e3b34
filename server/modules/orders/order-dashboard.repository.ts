import type { Expression, Kysely, SqlBool } from "kysely";
import type { Dashboard } from "../../../contract/admin-orders";
import { CURRENCIES, type Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { DAY_MS, type Clock } from "../../platform/clock";
import type { OrderAccessPolicy, OrdersScope } from "./order-access";
import type { Actor } from "./order-lifecycle";
import type { WalletService } from "../wallet";

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
 * The back office's first screen in one call: orders by what they wait for, tickets open, money in (deposits) and out
 * (refunds) per currency and day over the last 30 days, and how fast and how punctually first deliveries went out.
 * Counted over the orders the access policy shows the caller (a writer: their own and the pool); a writer sees no money.
 */
export type OrdersDashboard = (actor: Actor) => Promise<Dashboard>;

export interface OrdersDashboardDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrderAccessPolicy;
  ticketsOpen: () => Promise<number>;
  wallet: Pick<WalletService, "dailyDepositsAndRefunds">;
}

export function createOrdersDashboard(deps: OrdersDashboardDeps): OrdersDashboard {
  const { db, clock } = deps;
  return async function dashboard(actor: Actor): Promise<Dashboard> {
    const now = clock.now();
    const at = now.toISOString();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (WINDOW_DAYS - 1) * DAY_MS);
    const writer = actor.role === "writer";
    const mine = <T extends { where: (filter: (eb: OrdersScope) => Expression<SqlBool>) => T }>(query: T): T =>
      query.where((eb: OrdersScope) => deps.access.visibleTo(eb, actor));

    const byStatus = await mine(
      db.selectFrom("orders").select(["orders.status", (eb) => eb.fn.countAll<number>().as("n")]).where("orders.status", "in", ["paid", "in_progress", "revision_requested", "needs_info", "delivered"]).groupBy("orders.status"),
    ).execute();
    const count = (...statuses: string[]) => byStatus.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
    const late = await mine(
      db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where((eb) =>
          eb.or([
            eb.and([eb("orders.status", "in", ["paid", "in_progress"]), eb("orders.due_at", "<", at)]),
            eb.and([eb("orders.status", "=", "needs_info"), eb("orders.needs_info_since", ">", eb.ref("orders.due_at"))]),
          ]),
        ),
    ).executeTakeFirst();

    const firsts = await mine(
      db
        .selectFrom("order_versions")
        .innerJoin("orders", "orders.id", "order_versions.order_id")
        .select(["orders.created_at", "orders.due_at", "order_versions.created_at as delivered_at"])
        .where("order_versions.number", "=", 1)
        .where("order_versions.created_at", ">=", since.toISOString()),
    ).execute();
    const hours = firsts.map((row) => (Date.parse(row.delivered_at) - Date.parse(row.created_at)) / 3_600_000);
    const medianHours = median(hours);
    const onTime = firsts.filter((row) => row.delivered_at <= row.due_at).length;

    let money: Dashboard["money"] = null;
    if (!writer) {
      // The wallet owns the ledger: it answers the sums per day.
      const rows = await deps.wallet.dailyDepositsAndRefunds(since.toISOString());
      const days = Array.from({ length: WINDOW_DAYS }, (_, index) => new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10));
      const series = (currency: Currency, kind: string) =>
        days.map((d) => ({ day: d, amount: toMajor(Math.abs(Number(rows.find((row) => row.currency === currency && row.kind === kind && row.day === d)?.amount ?? 0))) }));
      money = CURRENCIES.filter((currency) => rows.some((row) => row.currency === currency)).map((currency) => {
        const moneyIn = series(currency, "deposit");
        const moneyOut = series(currency, "refund");
        const total = (points: Array<{ amount: number }>) => toMajor(points.reduce((sum, point) => sum + Math.round(point.amount * 100), 0));
        return { currency, moneyIn, moneyOut, totalIn: total(moneyIn), totalOut: total(moneyOut) };
      });
    }

    return {
      counts: {
        waiting: count("paid"),
        inProgress: count("in_progress", "revision_requested"),
        needsInfo: count("needs_info"),
        late: Number(late?.n ?? 0),
        waitingForReview: count("delivered"),
      },
      ticketsOpen: writer ? null : await deps.ticketsOpen(),
      money,
      delivery: {
        medianHours: medianHours === null ? null : Math.round(medianHours * 10) / 10,
        onTimeShare: firsts.length === 0 ? null : onTime / firsts.length,
        delivered: firsts.length,
      },
      since: since.toISOString(),
    };
  };
}
