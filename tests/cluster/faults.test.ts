import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildOnce, startCluster, type Cluster } from "../../scripts/cluster/cluster";
import { formatRow, prepareFaults, runFault, SHORT_TIMES, type Fault, type FaultContext, type FaultRow } from "../../scripts/cluster/faults";
import { hasNginx } from "../../server/test/nginx";
import { postgresClusterUnavailable } from "../../server/test/postgres-cluster";

// The faults stop a PostgreSQL cluster and a Redis server of this file's own (pg_createcluster needs root); the shared
// servers are never touched. Without nginx or root this file says so and skips.
const unavailable = !hasNginx ? "no nginx" : postgresClusterUnavailable();
if (unavailable) console.log(`cluster fault test skipped: ${unavailable}`);

let cluster: Cluster;
let build: ReturnType<typeof buildOnce>;
let context: FaultContext;

/** Runs one fault with the short durations (a few seconds each) and prints its row. */
async function run(fault: Fault): Promise<FaultRow> {
  const row = await runFault(context, fault);
  console.log(formatRow(row));
  return row;
}

/** What must hold after every fault: nothing acknowledged lost, the ledger, each mail once, no instance died by itself. */
function expectIntact(row: FaultRow): void {
  expect({ exits: row.exits, lost: row.lost, wrongBalances: row.wrongBalances, duplicateMails: row.duplicateMails }).toEqual({ exits: 0, lost: 0, wrongBalances: 0, duplicateMails: 0 });
}

/**
 * nginx sends keyed orders and reads on to another instance; an order POST without a key that a stopping or killed
 * instance had already received cannot be repeated (0052): rarely a 502 (seen once in a rolling restart under load),
 * and it may have been placed. Nothing else may fail.
 */
/** Only a POST nginx may not repeat elsewhere (an order or a token refresh without a key) can meet the dying instance. */
function expectOnlyUnkeyedPosts502(row: FaultRow): void {
  const failed = row.outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
  // Listed as "kind status (why) at ms": short enough that a failed run's log shows every one.
  const unexpected = failed.filter((outcome) => !["order", "refresh"].includes(outcome.kind) || outcome.status !== 502);
  expect(unexpected.map((outcome) => `${outcome.kind} ${outcome.status}${outcome.error ? ` (${outcome.error})` : ""} at ${outcome.startedAt}+${outcome.endedAt - outcome.startedAt}`)).toEqual([]);
  // The kill catches at most the one request each such loop has in flight: the refresh loop and one order loop per
  // customer (3, scripts/cluster/faults.ts); after it nginx finds the port closed and tries another instance. A CI run
  // beside the bench saw 3 (2 orders and a refresh) in one kill.
  expect(failed.length).toBeLessThanOrEqual(1 + 3);
  expect(row.unanswered).toBeLessThanOrEqual(failed.length);
}

const failuresOf = (row: FaultRow, kinds: string[]) => row.outcomes.filter((outcome) => kinds.includes(outcome.kind) && (outcome.status < 200 || outcome.status >= 300));

describe.skipIf(unavailable)("faults under steady load: three instances behind nginx on a PostgreSQL and a Redis of their own", () => {
  beforeAll(async () => {
    build = buildOnce();
    cluster = await startCluster({ instances: 3, buildDir: build.dir, ownServices: true, env: { DEPOSIT_MAX: "1000000", LOG_SAMPLE: "0", DRAIN_SECONDS: "1" } });
    context = await prepareFaults(cluster, SHORT_TIMES);
  }, 240_000);

  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      for (const instance of cluster?.instances ?? []) console.log(`--- ${instance.name}, last lines:\n${instance.output.slice(-30).join("\n")}`);
      console.log(`--- nginx error log, last lines:\n${cluster?.proxy.errorLog()}`);
    }),
  );

  afterAll(async () => {
    await cluster?.close();
    if (build?.remove) fs.rmSync(path.dirname(build.dir), { recursive: true, force: true });
  }, 60_000);

  it("PostgreSQL restarted, then stopped: no instance exits, and every failure is a 503 during the outage", async () => {
    const row = await run("postgres");
    expectIntact(row);
    const failed = row.outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    expect(failed.length).toBeGreaterThan(0); // the outage was felt
    expect(new Set(failed.map((outcome) => outcome.status))).toEqual(new Set([503]));
    expect(row.outsideOutage).toBe(0);
  }, 60_000);

  it("Redis stopped and started empty: no signed-in request refused, no ended sign-in revived", async () => {
    const row = await run("redis");
    expectIntact(row);
    expect(failuresOf(row, ["signed-in", "refresh", "page", "order", "keyed order"])).toEqual([]);
    expect(row.revived).toBe(0);
  }, 60_000);

  it("S3 stopped: downloads and the upload answer 503, nothing else fails", async () => {
    const row = await run("s3");
    expectIntact(row);
    const downloads = failuresOf(row, ["download"]);
    expect(downloads.length).toBeGreaterThan(0);
    expect(new Set(downloads.map((outcome) => outcome.status))).toEqual(new Set([503]));
    expect(row.uploadDuringOutage).toBe(503);
    expect(failuresOf(row, ["signed-in", "refresh", "page", "order", "keyed order"])).toEqual([]);
    expect(row.outsideOutage).toBe(0);
  }, 60_000);

  it("rolling restart with DRAIN_SECONDS under a stream of order POSTs: zero failed requests where a retry was possible", async () => {
    const row = await run("rolling");
    expectIntact(row);
    expectOnlyUnkeyedPosts502(row);
    expect(row.outcomes.filter((outcome) => outcome.number).length).toBeGreaterThan(10);
  }, 90_000);

  it("kill -9 of an instance, started again: zero failed requests where a retry was possible", async () => {
    const row = await run("kill");
    expectIntact(row);
    expectOnlyUnkeyedPosts502(row);
  }, 60_000);

  it("overload: 503s at once, nothing lost, and an order placed without an answer only for a client that gave up", async () => {
    const row = await run("overload");
    expectIntact(row);
    // Shedding is judged where it happens, from each instance's /metrics: an instance that held MAX_IN_FLIGHT (the
    // default 64) requests at once refused orders with 503. Their being at once is the design (answered in `onRequest`,
    // before the body is read: server/http/load-shedding.test.ts); the client-side median is printed with the row, as on
    // a starved machine the load generator's 2 s timeouts fire before any answer reaches it (a CI run beside the bench
    // saw 321 of 321 order POSTs time out), and there the instances may never reach the limit at all.
    expect(row.peakInFlight).toBeGreaterThan(0);
    if ((row.peakInFlight ?? 0) >= 64) expect(row.refusedByStore).toBeGreaterThan(0);
    // Not yet provably 0 (the issue's aim): an order is committed only within ORDER_DEADLINE_MS of nginx receiving it
    // and nothing waits between its commit and its answer, which took the full run from 67 to 1 (0 in three
    // overload-only runs), but a client that gives up while the commit and the answer are on their way has paid.
    const gaveUp = failuresOf(row, ["order", "keyed order"]).filter((outcome) => outcome.status === 0).length;
    expect(row.unanswered).toBeLessThanOrEqual(gaveUp);
  }, 60_000);
});
