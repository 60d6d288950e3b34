// Bench section "orders": orders placed per second as issue 27 measures them (wrk, 50 connections over 10 customers,
// a fresh Idempotency-Key each, then every acknowledged order, charge and balance checked; orders-wrk.ts) on SQLite
// and on PostgreSQL, the order list of a customer with many orders, and the download throughput of a 50 MB result
// next to a plain static-file server in the same run.
// Alone: `npx tsx scripts/bench/orders.ts` (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { placeOrderRequestSchema } from "../../contract/orders";
import { customer, orderBody } from "../../server/test/orders-test-support";
import { alternateAsync, cpuPerRequest, perSecond, rateAndCpu, type Throughput } from "./load";
import { startNginx } from "../../server/test/nginx";
import { bareServerBurst, describeOrdersRun, ORDERS_AIMS, ordersRun, type OrdersRun } from "./orders-wrk";
import { startBenchStore } from "./orders-store";
import { ACCEPT_SOCKETS } from "../../server/http/accept-sockets";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RESULT_MB = 50;
const DOWNLOAD_CLIENTS = 4;

export const benchDatabaseUrl = () => process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The orders row on both databases: the runs (null when PostgreSQL is not reachable) and their lines. */
export async function ordersRows(log: (line: string) => void): Promise<{ sqlite: OrdersRun; postgres: OrdersRun | null }> {
  const sqlite = await ordersRun("SQLite", undefined, SECONDS);
  for (const line of describeOrdersRun(sqlite, ORDERS_AIMS.sqlite)) log(line);
  // The same burst against a server that does nothing but spend the CPU of an order, on one listening socket and on
  // the store's: what the accept of 50 new connections to a busy event loop adds to the p99 (decision 0098).
  const cpuMs = sqlite.requestPathCpuMsPerOrder ?? 1;
  const bare = (sockets: number) => bareServerBurst(SECONDS, cpuMs, sockets);
  const [one, many] = [await bare(1), await bare(ACCEPT_SOCKETS)];
  const p99 = (run: typeof one) => `p99 ${run.p99Ms.toFixed(0)} ms over ${run.answers} answers (${run.failed} failed)`;
  log(
    `  the same wrk burst against a bare node:http server spending ${cpuMs.toFixed(2)} ms of CPU per answer, in the same minutes: on one listening socket (Node's default) ${p99(one)}; on ${ACCEPT_SOCKETS}, as the store listens, ${p99(many)}: libuv accepts one connection per socket per turn of a busy event loop`,
  );
  const postgres = await ordersRun("PostgreSQL", benchDatabaseUrl(), SECONDS).catch((error: unknown) => {
    log(`orders placed/s, PostgreSQL: NOT MEASURED (${(error as Error).message})`);
    return null;
  });
  if (postgres) for (const line of describeOrdersRun(postgres, ORDERS_AIMS.postgres)) log(line);
  return { sqlite, postgres };
}

/** A customer's delivered order of `file` in `store`: the result's URL and the customer's token. */
async function deliveredResult(store: Awaited<ReturnType<typeof startBenchStore>>, file: string) {
  const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
  const order = await store.services.orders.place(buyer.id, placeOrderRequestSchema.parse(orderBody()), { locale: "en" });
  await store.services.orders.deliver(order.id, { fileName: "result-50mb.bin", content: fs.createReadStream(file) });
  return { path: `/api/orders/${order.id}/result`, headers: { authorization: `Bearer ${buyer.token}` } };
}

/**
 * The same 50 MB file three ways, wrk (its own process, 4 connections) fetching it whole in alternating rounds:
 * nginx serving it as a static file with sendfile (the baseline); the store behind that nginx with
 * DOWNLOAD_ACCEL_PATH (the store checks access, nginx sends the bytes); and the store alone (the embedded default).
 */
async function downloads(): Promise<string[]> {
  const direct = await startBenchStore();
  const behindNginx = await startBenchStore(undefined, { DOWNLOAD_ACCEL_PATH: "/_files/" });
  const file = path.join(direct.dataDir, "result-50mb.bin");
  fs.writeFileSync(file, randomBytes(RESULT_MB * 1024 * 1024));
  const nginx = await startNginx(
    behindNginx.dataDir,
    `location /static/ { alias ${direct.dataDir}/; }
     location /_files/ { internal; alias ${behindNginx.dataDir}/files/; }
     location / { proxy_pass ${behindNginx.url}; }`,
  );
  try {
    if (!nginx) return ["result download: NOT MEASURED, nginx is not installed (apt-get install nginx-light); the aim compares with nginx sendfile"];
    const alone = await deliveredResult(direct, file);
    const accelerated = await deliveredResult(behindNginx, file);
    const sent = Buffer.from(await (await fetch(nginx.url + accelerated.path, { headers: accelerated.headers })).arrayBuffer());
    // The store runs in this process: its CPU is this process's (the bench itself idles while wrk runs).
    const same = sent.equals(fs.readFileSync(file));
    const options = { rounds: 3, seconds: Math.max(2, SECONDS / 3), warmup: 1, connections: DOWNLOAD_CLIENTS };
    const [api, stat] = await alternateAsync({ url: nginx.url + accelerated.path, headers: accelerated.headers, pid: process.pid }, { url: `${nginx.url}/static/result-50mb.bin` }, options);
    const [own] = await alternateAsync({ url: direct.url + alone.path, headers: alone.headers, pid: process.pid }, { url: `${nginx.url}/static/result-50mb.bin` }, options);
    // Bytes wrk read per second, partial answers included: a 50 MB answer may not finish inside a round.
    const rate = (result: Throughput) => (result.bytes ?? 0) / 1024 / 1024 / result.seconds;
    const ratio = rate(api) / rate(stat);
    const cpu = (run: Throughput) => (cpuPerRequest(run) === null ? "CPU n/a" : `${(cpuPerRequest(run) ?? 0).toFixed(1)} ms store CPU per download`);
    const failed = api.failed + stat.failed;
    return [
      `result download MB/s, ${RESULT_MB} MB file, wrk ${DOWNLOAD_CLIENTS} connections, the store behind nginx (DOWNLOAD_ACCEL_PATH): ${rate(api).toFixed(0)} (${cpu(api)}; worst p99 ${api.p99} ms, ${api.failed} failed; bytes ${same ? "identical" : "DIFFERENT"})`,
      `nginx sendfile MB/s, same file, same connections, same nginx: ${rate(stat).toFixed(0)} (worst p99 ${stat.p99} ms, ${stat.failed} failed)`,
      `  download / nginx sendfile: ratio ${ratio.toFixed(2)} (aim >= 0.8) ${ratio >= 0.8 && same && failed === 0 ? "MET" : `NOT MET${failed ? ` (${failed} failed answers)` : ""}`}; limited by memory copies (wrk reads every byte; nginx sends with sendfile)`,
      `the store alone (embedded default, 1 MiB reads, no nginx): ${rate(own).toFixed(0)} MB/s (${cpu(own)}, ${own.failed} failed), ${(rate(own) / rate(stat)).toFixed(2)} of nginx sendfile`,
    ];
  } finally {
    nginx?.stop();
    await direct.close();
    await behindNginx.close();
  }
}

/** GET /api/orders (first page) for a customer with 1,000 orders next to one with 10: pages keep the cost bounded. */
async function orderHistory(): Promise<string[]> {
  const store = await startBenchStore();
  try {
    const body = placeOrderRequestSchema.parse(orderBody());
    const many = await customer(store, { currency: "EUR", minor: 1_000_000_000 });
    const few = await customer(store, { currency: "EUR", minor: 1_000_000_000 });
    for (let n = 0; n < 1000; n++) await store.services.orders.place(many.id, body, { locale: "en" });
    for (let n = 0; n < 10; n++) await store.services.orders.place(few.id, body, { locale: "en" });
    const list = (token: string) => ({ url: `${store.url}/api/orders`, headers: { authorization: `Bearer ${token}` }, pid: process.pid });
    const firstPage = async (token: string) => {
      const text = await (await fetch(list(token).url, { headers: list(token).headers })).text();
      return { bytes: Buffer.byteLength(text), entries: (JSON.parse(text) as unknown[]).length };
    };
    const [manyPage, fewPage] = [await firstPage(many.token), await firstPage(few.token)];
    const [manyBytes, fewBytes] = [manyPage.bytes, fewPage.bytes];
    const [manyRun, fewRun] = await alternateAsync(list(many.token), list(few.token), {
      rounds: 3,
      seconds: Math.max(2, SECONDS / 3),
      warmup: 1,
    });
    const ratio = perSecond(manyRun) / perSecond(fewRun);
    const failed = manyRun.failed + fewRun.failed;
    const answered = manyRun.requests > 0 && fewRun.requests > 0 && fewPage.entries === 10;
    return [
      `GET /api/orders, SQLite, customer with 1,000 orders: ${rateAndCpu(manyRun)} (the store in the bench's process), first page ${manyBytes} B, worst p99 ${manyRun.p99} ms (${manyRun.failed} failed)`,
      `GET /api/orders, same store, customer with 10 orders: ${rateAndCpu(fewRun)}, ${fewBytes} B, worst p99 ${fewRun.p99} ms (${fewRun.failed} failed)`,
      `  1,000 orders / 10 orders: ratio ${ratio.toFixed(2)}, first page ${manyPage.entries} of 1,000 orders (aim: bounded pages) ${manyPage.entries <= 100 && failed === 0 && answered ? "MET" : `NOT MET${failed ? ` (${failed} failed answers)` : ""}`}; the rest is the page's ${manyPage.entries} entries against ${fewPage.entries}; limited by the store's CPU shared with wrk (the issue's run on main: 80 vs 1,567 req/s, 0.05)`,
    ];
  } finally {
    await store.close();
  }
}

export async function benchOrders(log: (line: string) => void = console.log): Promise<void> {
  log(
    "mode: placing orders, the API compiled as `npm run build` compiles it, NODE_ENV=production, in a process of its own with its job runner (orders-server.ts), wrk in another; the order list and downloads, the store in this process with production settings (loadConfig), API only; CPU per answer from /proc",
  );
  await ordersRows(log);
  for (const line of await orderHistory()) log(line);
  for (const line of await downloads()) log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchOrders().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
