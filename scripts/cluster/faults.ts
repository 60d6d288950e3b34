// `npm run cluster -- --faults`: steady load through nginx while one fault at a time hits the cluster (its own
// PostgreSQL and Redis: backing.own), one row per fault: requests, failures by status, instance exits and the
// integrity checks (scripts/cluster/fault-checks.ts). tests/cluster/faults.test.ts runs the same with short durations.
import type { Cluster } from "./cluster";
import type { Instance } from "./instances";
import { checkIntegrity, type Integrity } from "./fault-checks";
import { faultLoad, richCustomer, timedCall, type Kind, type LoadCustomer, type Outcome } from "./fault-load";
import { ADMIN, METRICS_TOKEN } from "./cluster";
import { call, orderBody, PASSWORD, placeOrder, staffSignIn, type Customer } from "../../tests/support/shop";

export const FAULTS = ["postgres", "redis", "s3", "rolling", "kill", "overload"] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultTimes {
  /** Load before and after each fault. */
  settleMs: number;
  postgresDownMs: number;
  redisDownMs: number;
  s3DownMs: number;
  overloadMs: number;
  overloadClients: number;
  overloadTimeoutMs: number;
}

export const FULL_TIMES: FaultTimes = { settleMs: 3000, postgresDownMs: 20_000, redisDownMs: 30_000, s3DownMs: 30_000, overloadMs: 10_000, overloadClients: 300, overloadTimeoutMs: 2000 };
export const SHORT_TIMES: FaultTimes = { settleMs: 1000, postgresDownMs: 3000, redisDownMs: 3000, s3DownMs: 3000, overloadMs: 3000, overloadClients: 300, overloadTimeoutMs: 2000 };

export interface FaultRow extends Integrity {
  fault: Fault;
  outcomes: Outcome[];
  /** Failures (status other than 2xx; 0 = timeout or connection failed) by kind and status, e.g. "order 503". */
  failures: Record<string, number>;
  /** Failures that started after the outage had ended (plus 5 s to reconnect) or before it began. */
  outsideOutage: number;
  /** Instances that exited without the script stopping them. */
  exits: number;
  /** Redis: ended sign-ins whose access token a store instance accepted again afterwards. */
  revived?: number;
  /** S3: the status of a result upload during the outage. */
  uploadDuringOutage?: number;
  /** Overload: the order POSTs the instances themselves answered 503 (their /metrics), whether or not a client was still there to see it. */
  refusedByStore?: number;
  /** Overload: the most requests one instance held in flight at once during the row (MAX_IN_FLIGHT: it sheds). */
  peakInFlight?: number;
  /** Overload: the median and the slowest 503 answer seen by a client, in ms. */
  median503Ms?: number;
  slowest503Ms?: number;
}

/** The `index`th item, which the caller knows is there. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} of ${items.length}`);
  return item;
}

function own(cluster: Cluster): NonNullable<Cluster["backing"]["own"]> {
  if (!cluster.backing.own) throw new Error("the fault scenarios stop PostgreSQL and Redis: start the cluster with ownServices");
  return cluster.backing.own;
}

/**
 * From an instance's /metrics: the order POSTs it has answered 503 since it started (`http_requests_total`), and the
 * most requests it held in flight at once since the previous scrape (`http_requests_in_flight`, reading "peak").
 */
async function sheddingOf(instance: Instance): Promise<{ refused: number; peak: number }> {
  const response = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/metrics of ${instance.name}: ${response.status}`);
  const value = (line: string) => Number(line.slice(line.lastIndexOf(" ") + 1));
  let refused = 0;
  let peak = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("http_requests_total{") && line.includes('method="POST"') && line.includes('route="/api/orders"') && line.includes('status="503"')) refused += value(line);
    if (line.startsWith('http_requests_in_flight{reading="peak"}')) peak = value(line);
  }
  return { refused, peak };
}

/** Order POSTs refused by all instances, and the highest peak in flight of any one of them. */
async function shedding(instances: Instance[]): Promise<{ refused: number; peak: number }> {
  const readings = await Promise.all(instances.map(sheddingOf));
  return { refused: readings.reduce((sum, reading) => sum + reading.refused, 0), peak: Math.max(...readings.map((reading) => reading.peak)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RECONNECT_MS = 5000;

interface Context {
  cluster: Cluster;
  times: FaultTimes;
  staff: string;
  /** The customer with the delivered order the downloads fetch; the S3 fault's upload is another of their orders. */
  owner: Customer;
  delivered: { token: string; orderId: string };
}

/**
 * A paid order delivered with a result file by staff, on one instance directly (as the cluster test does: nginx
 * writes a body over 16 KB to its temp folder, which its workers cannot reach when it runs as root under some
 * TMPDIRs); downloads need S3.
 */
async function deliveredOrder(base: string, staff: string, customer: Customer, bytes = 32 * 1024): Promise<{ orderId: string; status: number; body: unknown }> {
  const order = await placeOrder(base, customer.accessToken);
  if (order.status !== 200) throw new Error(`order for a download: ${order.status}`);
  const started = await call(base, `/api/admin/orders/${order.body.id}/start`, { method: "POST", token: staff });
  if (started.status !== 200) throw new Error(`start of the order for a download: ${started.status} ${JSON.stringify(started.body)}`);
  const delivered = await call(base, `/api/admin/orders/${order.body.id}/deliver?fileName=result.pdf`, {
    token: staff,
    body: Buffer.alloc(bytes, 7),
    headers: { "content-type": "application/octet-stream" },
  });
  return { orderId: order.body.id, status: delivered.status, body: delivered.body };
}

/** Ends a fresh sign-in of `customer` and returns its access token, which every instance must refuse from then on. */
async function endedSignIn(base: string, customer: LoadCustomer): Promise<string> {
  const session = await timedCall(base, "/api/Accounts/login", { body: { email: customer.email, password: PASSWORD }, ip: customer.ip, timeoutMs: 10_000 });
  if (session.status !== 200) throw new Error(`sign-in: ${session.status}`);
  const ended = await timedCall(base, "/api/Accounts/logout", { body: { refreshToken: session.body.refreshToken }, ip: customer.ip, timeoutMs: 10_000 });
  if (ended.status !== 200) throw new Error(`sign-out: ${ended.status}`);
  return session.body.accessToken;
}

/** Runs one fault under load; `act` does the fault and returns the outage windows and the instances it ended itself. */
async function scenario(
  ctx: Context,
  fault: Fault,
  act: (customers: LoadCustomer[]) => Promise<{ windows: Array<[number, number]>; ended?: Instance[]; extra?: Partial<FaultRow>; outcomes?: Outcome[] }>,
): Promise<FaultRow> {
  const base = ctx.cluster.proxy.url;
  const customers = await Promise.all([richCustomer(base), richCustomer(base), richCustomer(base)]);
  const before = [...ctx.cluster.instances];
  const load = faultLoad(base, { customers, download: fault === "s3" ? ctx.delivered : undefined });
  await sleep(ctx.times.settleMs);
  const result = await act(customers);
  await sleep(ctx.times.settleMs);
  const outcomes = [...(await load.stop()), ...(result.outcomes ?? [])];

  const failures: Record<string, number> = {};
  let outsideOutage = 0;
  for (const outcome of outcomes) {
    if (outcome.status >= 200 && outcome.status < 300) continue;
    const label = `${outcome.kind} ${outcome.status === 0 ? `0 (${outcome.error ?? "no answer"})` : outcome.status}`;
    failures[label] = (failures[label] ?? 0) + 1;
    const during = result.windows.some(([from, to]) => outcome.endedAt >= from && outcome.startedAt <= to + RECONNECT_MS);
    if (!during) outsideOutage++;
  }
  const acknowledged = outcomes.flatMap((outcome) => (outcome.number ? [outcome.number] : []));
  const ended = new Set(result.ended ?? []);
  const exits = [...before, ...ctx.cluster.instances].filter((instance, index, all) => all.indexOf(instance) === index && !ended.has(instance) && (instance.exitCode !== null || instance.signalCode !== null)).length;
  const integrity = await checkIntegrity(ctx.cluster.backing.databaseUrl, ctx.cluster.backing.smtp, customers.map((customer) => customer.email), acknowledged);
  return { fault, outcomes, failures, outsideOutage, exits, ...integrity, ...result.extra };
}

const FAULT_ACTS: Record<Fault, (ctx: Context) => Parameters<typeof scenario>[2]> = {
  postgres: (ctx) => async () => {
    const { postgres } = own(ctx.cluster);
    const restartAt = Date.now();
    await postgres.stop();
    await postgres.start();
    const restartedAt = Date.now();
    await sleep(ctx.times.settleMs + RECONNECT_MS);
    const stopAt = Date.now();
    await postgres.stop();
    await sleep(ctx.times.postgresDownMs);
    await postgres.start();
    return { windows: [[restartAt, restartedAt], [stopAt, Date.now()]] };
  },
  redis: (ctx) => async (customers) => {
    const { redis } = own(ctx.cluster);
    const base = ctx.cluster.proxy.url;
    const endedBefore = await endedSignIn(base, nth(customers, 0));
    const from = Date.now();
    await redis.stop();
    await sleep(ctx.times.redisDownMs / 2);
    const endedDuring = await endedSignIn(base, nth(customers, 1));
    await sleep(ctx.times.redisDownMs / 2);
    await redis.start();
    const to = Date.now();
    await sleep(2000);
    let revived = 0;
    for (const instance of ctx.cluster.instances) {
      for (const token of [endedBefore, endedDuring]) if ((await timedCall(instance.url, "/api/Accounts/profile", { token, timeoutMs: 10_000 })).status !== 401) revived++;
    }
    return { windows: [[from, to]], extra: { revived } };
  },
  s3: (ctx) => async () => {
    const s3 = ctx.cluster.backing.s3;
    const from = Date.now();
    await s3.stop();
    await sleep(ctx.times.s3DownMs / 2);
    const upload = await deliveredOrder(nth(ctx.cluster.instances, 0).url, ctx.staff, ctx.owner);
    await sleep(ctx.times.s3DownMs / 2);
    await s3.restart();
    return { windows: [[from, Date.now()]], extra: { uploadDuringOutage: upload.status } };
  },
  rolling: (ctx) => async () => {
    const ended = [...ctx.cluster.instances];
    for (let slot = 0; slot < ended.length; slot++) await ctx.cluster.restart(slot);
    return { windows: [], ended };
  },
  kill: (ctx) => async () => {
    const ended = [nth(ctx.cluster.instances, 1)];
    await ctx.cluster.restart(1, { kill: true });
    return { windows: [], ended };
  },
  overload: (ctx) => async (customers) => {
    const base = ctx.cluster.proxy.url;
    const outcomes: Outcome[] = [];
    // Read before the clock starts: on a loaded machine the scrape alone can take seconds.
    const before = await shedding(ctx.cluster.instances);
    const until = Date.now() + ctx.times.overloadMs;
    const client = async (index: number) => {
      const customer = nth(customers, index % customers.length);
      while (Date.now() < until) {
        const startedAt = Date.now();
        const answer = await timedCall(base, "/api/orders", { body: orderBody, token: customer.accessToken, ip: customer.ip, timeoutMs: ctx.times.overloadTimeoutMs });
        const kind: Kind = "order";
        outcomes.push({ kind, status: answer.status, startedAt, endedAt: Date.now(), number: answer.status === 200 ? answer.body?.number : undefined, ...(answer.error ? { error: answer.error } : {}) });
      }
    };
    const from = Date.now();
    await Promise.all(Array.from({ length: ctx.times.overloadClients }, (_, index) => client(index)));
    const after = await shedding(ctx.cluster.instances);
    const refused = outcomes.filter((outcome) => outcome.status === 503).map((outcome) => outcome.endedAt - outcome.startedAt).sort((a, b) => a - b);
    // Refusals are the outage here: every failure belongs to the overload's window.
    return { windows: [[from, Date.now()]], outcomes, extra: { refusedByStore: after.refused - before.refused, peakInFlight: after.peak, median503Ms: refused[Math.floor(refused.length / 2)], slowest503Ms: refused.at(-1) } };
  },
};

export function formatRow(row: FaultRow): string {
  const failures = Object.entries(row.failures).map(([label, count]) => `${label}×${count}`).join(", ") || "none";
  const extra = [
    row.revived !== undefined ? `revived tokens ${row.revived}` : "",
    row.uploadDuringOutage !== undefined ? `upload during outage ${row.uploadDuringOutage}` : "",
    row.refusedByStore !== undefined ? `order POSTs refused 503 by the instances ${row.refusedByStore} (peak in flight ${row.peakInFlight})` : "",
    row.slowest503Ms !== undefined ? `503 answered in ${row.median503Ms} ms (median), ${row.slowest503Ms} ms (slowest)` : "",
  ].filter(Boolean);
  return (
    `${row.fault.padEnd(9)} requests ${String(row.outcomes.length).padStart(6)}  failures: ${failures}  (outside the outage ${row.outsideOutage})\n` +
    `          exits ${row.exits}  acknowledged orders lost ${row.lost}  wrong balances ${row.wrongBalances}  duplicate mails ${row.duplicateMails}  ` +
    `orders placed without an answer ${row.unanswered}${extra.length ? `  ${extra.join("  ")}` : ""}`
  );
}

export type FaultContext = Context;

/** Signs staff in (once per cluster: the admin enrols TOTP at its first sign-in) and delivers the order the downloads fetch. */
export async function prepareFaults(cluster: Cluster, times: FaultTimes): Promise<FaultContext> {
  if (!cluster.backing.own) throw new Error("the fault scenarios stop PostgreSQL and Redis: start the cluster with ownServices");
  const direct = nth(cluster.instances, 0).url;
  const staff = await staffSignIn(direct, ADMIN.email, ADMIN.password);
  const owner = await richCustomer(cluster.proxy.url);
  const delivered = await deliveredOrder(direct, staff, owner);
  if (delivered.status !== 200) throw new Error(`delivering a result for the downloads: ${delivered.status} ${JSON.stringify(delivered.body)}`);
  return { cluster, times, staff, owner, delivered: { token: owner.accessToken, orderId: delivered.orderId } };
}

/** Runs one fault under the steady load and returns its row. */
export function runFault(ctx: FaultContext, fault: Fault): Promise<FaultRow> {
  return scenario(ctx, fault, FAULT_ACTS[fault](ctx));
}

/** Runs every fault (or only `only`) one after another on `cluster` (started with ownServices), logging one row each. */
export async function runFaults(cluster: Cluster, options: { times: FaultTimes; only?: Fault; log?: (line: string) => void }): Promise<FaultRow[]> {
  const log = options.log ?? console.log;
  const ctx = await prepareFaults(cluster, options.times);
  const rows: FaultRow[] = [];
  for (const fault of options.only ? [options.only] : FAULTS) {
    const row = await runFault(ctx, fault);
    log(formatRow(row));
    rows.push(row);
  }
  return rows;
}
