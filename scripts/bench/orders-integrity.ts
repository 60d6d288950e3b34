// What the orders row checks after its burst (scripts/bench/orders-server.ts runs these in the store's process):
// every acknowledged order stored and listed for its customer, every charge an order, every balance exact; and how
// long the work left after the commits (mail rendering, invoices) takes to drain.
import fs from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema";
import type { WalletService } from "../../server/modules/wallet";

export interface OrdersCheck {
  /** Answers wrk saw, per status code. */
  statuses: Record<string, number>;
  acknowledged: number;
  /** Acknowledged orders missing from their customer's orders. */
  unlisted: number;
  stored: number;
  /** Order debits of the customers, and those whose reference names none of their orders. */
  charges: number;
  strayCharges: number;
  /** Customers whose balance plus their orders' totals is not what they were given. */
  wrongBalances: number;
  ok: boolean;
}

/** The acks file: one `status id` line per answer wrk read (the id empty when the answer had none). */
export function readAcks(file: string): { statuses: Record<string, number>; ids: string[] } {
  const statuses: Record<string, number> = {};
  const ids: string[] = [];
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [status = "?", id = ""] = line.split(" ");
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === "200" && id) ids.push(id);
  }
  return { statuses, ids };
}

export async function checkOrders(
  db: Kysely<Database>,
  wallet: WalletService,
  buyers: ReadonlyArray<{ id: string }>,
  funded: number,
  acksFile: string,
  /** The warm-up's answers: its orders are checked too, its statuses not counted. */
  warmupFile?: string,
): Promise<OrdersCheck> {
  const { statuses, ids: measured } = readAcks(acksFile);
  const ids = [...measured, ...(warmupFile ? readAcks(warmupFile).ids : [])];
  const userIds = buyers.map((buyer) => buyer.id);
  const orders = await db
    .selectFrom("orders")
    .select(["id", "user_id", "number", "total"])
    .where("user_id", "in", userIds)
    .execute();
  const byId = new Map(orders.map((order) => [order.id, order]));
  const unlisted = ids.filter((id) => !byId.has(id)).length;
  const charges = await db
    .selectFrom("ledger_entries")
    .select(["user_id", "reference", "amount"])
    .where("user_id", "in", userIds)
    .where("kind", "=", "order")
    .execute();
  const numbers = new Map(orders.map((order) => [`${order.user_id} ${order.number}`, order]));
  const strayCharges = charges.filter(
    (charge) => numbers.get(`${charge.user_id} ${charge.reference}`)?.total !== -charge.amount,
  ).length;
  let wrongBalances = 0;
  for (const id of userIds) {
    const spent = orders.filter((order) => order.user_id === id).reduce((sum, order) => sum + order.total, 0);
    if ((await wallet.balance(id, "EUR")) + spent !== funded) wrongBalances++;
  }
  const ok =
    unlisted === 0 &&
    strayCharges === 0 &&
    wrongBalances === 0 &&
    charges.length === orders.length &&
    measured.length > 0;
  return {
    statuses,
    acknowledged: ids.length,
    unlisted,
    stored: orders.length,
    charges: charges.length,
    strayCharges,
    wrongBalances,
    ok,
  };
}

/** Waits until no job due now is queued or running (at most `limitMs`): the milliseconds it took, and what was left. */
export async function backlog(
  db: Kysely<Database>,
  limitMs: number,
): Promise<{ ms: number; left: number; kinds: Record<string, number> }> {
  const started = performance.now();
  const kinds: Record<string, number> = {};
  for (;;) {
    const rows = await db
      .selectFrom("jobs")
      .select(["kind", (eb) => eb.fn.countAll<number>().as("count")])
      .where("status", "in", ["queued", "running"])
      .where("run_at", "<=", new Date().toISOString())
      .groupBy("kind")
      .execute();
    const left = rows.reduce((sum, row) => sum + Number(row.count), 0);
    if (Object.keys(kinds).length === 0) for (const row of rows) kinds[row.kind] = Number(row.count);
    const ms = performance.now() - started;
    if (left === 0 || ms >= limitMs) return { ms, left, kinds };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
