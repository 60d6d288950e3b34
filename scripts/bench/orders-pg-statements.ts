// Profiling aid for issue 27 on PostgreSQL, not a bench row: every statement one order's placing sends to
// PostgreSQL (the service's path, no HTTP), in order, with its wall time. `npx tsx scripts/bench/orders-pg-statements.ts URL`.
import pg from "pg";
import { placeOrderRequestSchema } from "../../contract/orders";
import { customer, orderBody } from "../../server/test/orders-test-support";
import { startBenchStore } from "./orders-store";

let log: string[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string }).text ?? "";
  const start = performance.now();
  const result = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (log && result instanceof Promise) {
    const entries = log;
    void result.finally(() => entries.push(`${(performance.now() - start).toFixed(2).padStart(6)} ms  ${text.replace(/\s+/g, " ").slice(0, 150)}`));
  }
  return result;
} as typeof query;

const url = process.argv[2] ?? "postgres://postgres@127.0.0.1:5432/test";
const store = await startBenchStore(url);
const buyers = await Promise.all([0, 1].map(() => customer(store, { currency: "EUR", minor: 100_000_000 })));
const body = placeOrderRequestSchema.parse(orderBody());
for (let n = 0; n < 20; n++) await store.services.orders.place(buyers[n % 2]?.id ?? "", body, { locale: "en", idempotencyKey: `k${n}` });
log = [];
await store.services.orders.place(buyers[0]?.id ?? "", body, { locale: "en", idempotencyKey: "measured" });
await new Promise((resolve) => setTimeout(resolve, 50));
for (const line of log) console.log(line);
console.log(`${log.length} statements`);
await store.close();
