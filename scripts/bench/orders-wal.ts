// Profiling aid for issue 27, not a bench row: the CPU and the WAL pages one order costs on SQLite, in process (no
// HTTP), over 500 orders placed one at a time after N (default 1,000) others, with automatic checkpoints off while
// measuring (so every page the orders wrote is counted in the WAL; BENCH_CHECKPOINTS=1 keeps them, and
// BENCH_CHECKPOINTER=off takes them in the committing connection, as without the checkpointer thread). BENCH_SQL (statements separated by `;;`) runs
// after the migrations, to try a schema change before writing its migration.
// `npx tsx scripts/bench/orders-wal.ts`.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { placeOrderRequestSchema } from "../../contract/orders";
import { customer, orderBody } from "../../server/test/orders-test-support";
import { startBenchStore } from "./orders-store";

const store = await startBenchStore();
for (const statement of (process.env.BENCH_SQL ?? "").split(";;").filter((s) => s.trim()))
  await sql.raw(statement).execute(store.db.kysely);
const buyers: Array<{ id: string }> = [];
for (let n = 0; n < 10; n++) buyers.push(await customer(store, { currency: "EUR", minor: 1_000_000_000 }));
const body = placeOrderRequestSchema.parse(orderBody());
const N = Number(process.env.N ?? 1000);
const M = 500;
const buyer = (n: number) => buyers[n % buyers.length]?.id ?? "";
for (let n = 0; n < N; n++)
  await store.services.orders.place(buyer(n), body, { locale: "en", idempotencyKey: `k${n}` });
await sql.raw("pragma wal_checkpoint(truncate)").execute(store.db.kysely);
if (!process.env.BENCH_CHECKPOINTS) await sql.raw("pragma wal_autocheckpoint = 0").execute(store.db.kysely);
const wal = path.join(store.dataDir, "scriptorium.sqlite-wal");
const cpu = process.cpuUsage();
const thread = process.threadCpuUsage();
for (let n = 0; n < M; n++)
  await store.services.orders.place(buyer(n), body, { locale: "en", idempotencyKey: `m${n}` });
const used = process.cpuUsage(cpu);
const main = process.threadCpuUsage(thread);
const frames = Math.max(0, fs.statSync(wal).size - 32) / (4096 + 24);
console.log(
  `main thread CPU per order ${((main.user + main.system) / M / 1000).toFixed(3)} ms; process CPU per order ${((used.user + used.system) / M / 1000).toFixed(3)} ms (user ${(used.user / M / 1000).toFixed(3)}, system ${(used.system / M / 1000).toFixed(3)}); WAL pages per order ${(frames / M).toFixed(1)}`,
);
if (process.env.BENCH_PAGES) {
  // Which table or index each WAL frame wrote (dbstat maps a page to its b-tree), the most written first.
  const owner = new Map<number, string>();
  const pages = await sql
    .raw<{ name: string; pageno: number }>("select name, pageno from dbstat")
    .execute(store.db.kysely);
  for (const row of pages.rows) owner.set(row.pageno, row.name);
  const bytes = fs.readFileSync(wal);
  const counts = new Map<string, number>();
  for (let at = 32; at + 24 <= bytes.length; at += 4096 + 24) {
    const name = owner.get(bytes.readUInt32BE(at)) ?? "(free or new)";
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  for (const [name, n] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`${(n / M).toFixed(2).padStart(6)}  ${name}`);
}
await store.close();
