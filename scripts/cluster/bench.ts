// `npm run cluster -- --bench`: throughput through nginx with one, two and three instances, and the tail latency
// of a rolling restart. All of it shares this machine's cores with nginx, PostgreSQL, Redis and wrk itself.
import os from "node:os";
import pg from "pg";
import type { Cluster } from "./cluster";
import { register, topUp, orderBody } from "../../tests/support/shop";
import { runWrk, type WrkResult } from "./wrk";

const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const BUYERS = 8;

const line = (label: string, result: WrkResult) =>
  `${label.padEnd(36)} ${result.rps.toFixed(0).padStart(8)} req/s   p99 ${result.p99Ms.toFixed(1).padStart(7)} ms   failures ${result.failures}` +
  (result.failures > 0 ? ` (non-2xx ${result.non2xx}, timeouts ${result.timeouts}, socket errors ${result.socketErrors})` : "");

/** Orders in the database: wrk counts answers, this counts orders really placed (and paid). */
async function ordersPlaced(cluster: Cluster): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.backing.databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ count: string }>("select count(*) as count from orders")).rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

export async function benchCluster(cluster: Cluster, log: (text: string) => void = console.log): Promise<void> {
  // Buyers with deep balances (the bench cluster raises DEPOSIT_MAX), so every order in the run is paid.
  const buyers: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const buyer = await register(cluster.proxy.url);
    await topUp(cluster.proxy.url, buyer.accessToken, 1_000_000);
    buyers.push(buyer.accessToken);
  }
  const ports = cluster.instances.map((instance) => instance.port);
  const failed: string[] = [];
  log(`cluster bench: nginx → N instances, ${CONNECTIONS} connections, ${SECONDS} s per line, ${os.cpus().length} cores shared by everything`);
  for (let count = 1; count <= ports.length; count++) {
    await cluster.proxy.route(ports.slice(0, count));
    // Warm each instance's page cache before timing it.
    for (let i = 0; i < count * 2; i++) await fetch(`${cluster.proxy.url}/`);
    log(line(`${count} instance(s): GET / (page cache)`, await runWrk(cluster.proxy.url, { path: "/" }, { seconds: SECONDS, connections: CONNECTIONS })));
    const before = await ordersPlaced(cluster);
    const orders = await runWrk(cluster.proxy.url, { method: "POST", path: "/api/orders", body: orderBody, tokens: buyers }, { seconds: SECONDS, connections: CONNECTIONS });
    const placed = (await ordersPlaced(cluster)) - before;
    log(`${line(`${count} instance(s): POST /api/orders`, orders)}   (${(placed / SECONDS).toFixed(0)} orders/s placed)`);
    // A row of answers that placed nothing measured something else (once: the cached home page): it fails the bench.
    if (placed === 0) failed.push(`${count} instance(s): POST /api/orders placed no order`);
  }
  await cluster.proxy.route(ports);

  // Long enough to cover restarting every instance one by one.
  const during = runWrk(cluster.proxy.url, { path: "/" }, { seconds: 10 * ports.length, connections: CONNECTIONS });
  const started = Date.now();
  for (let slot = 0; slot < ports.length; slot++) await cluster.restart(slot);
  log(`rolling restart of ${ports.length} instances took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  log(line("GET / during the rolling restart", await during));
  if (failed.length > 0) throw new Error(`cluster bench FAILED: ${failed.join("; ")}`);
}
