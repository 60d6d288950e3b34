// Profiling aid for issue 27, not a bench row: the CPU each SQL statement of placing an order takes on SQLite, in
// process (no HTTP), measured with process.cpuUsage around every statement of 500 orders placed after N (default
// 1,000) others, one at a time. `npx tsx scripts/bench/orders-statements.ts` (N=… for a larger store).
import SQLite from "better-sqlite3";
import { placeOrderRequestSchema } from "../../contract/orders";
import { customer, orderBody } from "../../server/test/orders-test-support";
import { startBenchStore } from "./orders-store";

const cost = new Map<string, { n: number; us: number }>();
let measuring = false;
const prepare = SQLite.prototype.prepare;
SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
  const statement = prepare.call(this, source);
  for (const method of ["run", "get", "all"] as const) {
    const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (!measuring) return original(...args);
      const t = process.cpuUsage();
      const result = original(...args);
      const used = process.cpuUsage(t);
      const key = source.slice(0, 90);
      const entry = cost.get(key) ?? { n: 0, us: 0 };
      entry.n++;
      entry.us += used.user + used.system;
      cost.set(key, entry);
      return result;
    };
  }
  return statement;
} as typeof prepare;

const store = await startBenchStore();
const buyers: Array<{ id: string }> = [];
for (let n = 0; n < 10; n++) buyers.push(await customer(store, { currency: "EUR", minor: 1_000_000_000 }));
const body = placeOrderRequestSchema.parse(orderBody());
const N = Number(process.env.N ?? 1000);
const buyer = (n: number) => buyers[n % buyers.length]?.id ?? "";
for (let n = 0; n < N; n++) await store.services.orders.place(buyer(n), body, { locale: "en", idempotencyKey: `k${n}` });
measuring = true;
const cpu = process.cpuUsage();
for (let n = 0; n < 500; n++) await store.services.orders.place(buyer(n), body, { locale: "en", idempotencyKey: `m${n}` });
const all = process.cpuUsage(cpu);
measuring = false;
let sql = 0;
for (const [key, { n, us }] of [...cost].sort((a, b) => b[1].us - a[1].us)) {
  sql += us;
  console.log(`${(us / 500).toFixed(1).padStart(7)} us/order  ${(us / n).toFixed(1).padStart(6)} us/call  ${key}`);
}
console.log(`service CPU per order ${((all.user + all.system) / 500 / 1000).toFixed(2)} ms, of which in SQLite statements ${(sql / 500 / 1000).toFixed(2)} ms`);
await store.close();
