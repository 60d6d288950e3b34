// Profiling aid for issue 27, not a bench row: the CPU the mail and document backlog of one order costs after the
// commit (the confirmation rendered with React Email, the invoice PDF attached), in process, over N (default 300)
// orders placed first and then drained with the job runner's runDue(). `npx tsx scripts/bench/mail-render.ts`
// (BENCH_PROFILE=file.cpuprofile for a profile of the drain).
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { placeOrderRequestSchema } from "../../contract/orders";
import { customer, orderBody } from "../../server/test/orders-test-support";
import { startBenchStore } from "./orders-store";

const store = await startBenchStore();
const buyer = await customer(store, { currency: "EUR", minor: 1_000_000_000 });
const body = placeOrderRequestSchema.parse(orderBody());
const N = Number(process.env.N ?? 300);
for (let n = 0; n < N; n++)
  await store.services.orders.place(buyer.id, body, { locale: n % 2 ? "es" : "en", idempotencyKey: `k${n}` });
const profilePath = process.env.BENCH_PROFILE;
const profiler = profilePath ? new Session() : null;
profiler?.connect();
await profiler?.post("Profiler.enable");
await profiler?.post("Profiler.start");
const thread = process.threadCpuUsage();
const started = performance.now();
let ran = 0;
for (let done = -1; done !== 0; ) ran += done = await store.services.jobs.runDue();
const main = process.threadCpuUsage(thread);
console.log(
  `${ran} jobs for ${N} orders in ${(performance.now() - started).toFixed(0)} ms; main thread CPU per order ${((main.user + main.system) / N / 1000).toFixed(2)} ms`,
);
if (profiler && profilePath) fs.writeFileSync(profilePath, JSON.stringify((await profiler.post("Profiler.stop")).profile));
await store.close();
