import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildOnce, startCluster, type Cluster } from "../../scripts/cluster/cluster";
import { runFaults, SHORT_TIMES, type Fault, type FaultRow } from "../../scripts/cluster/faults";
import { hasNginx } from "../../server/test/nginx";
import { postgresClusterUnavailable } from "../../server/test/postgres-cluster";

// The faults stop a PostgreSQL cluster and a Redis server of this file's own (pg_createcluster needs root); the shared
// servers are never touched. Without nginx or root this file says so and skips.
const unavailable = !hasNginx ? "no nginx" : postgresClusterUnavailable();
if (unavailable) console.log(`cluster fault test skipped: ${unavailable}`);

let cluster: Cluster;
let build: ReturnType<typeof buildOnce>;
const rows = new Map<Fault, FaultRow>();

/** Runs one fault with the short durations (a few seconds each) and keeps its row. */
async function run(fault: Fault): Promise<FaultRow> {
  const [row] = await runFaults(cluster, { times: SHORT_TIMES, faults: [fault], log: (line) => console.log(line) });
  rows.set(fault, row!);
  return row!;
}

/** What must hold after every fault: nothing acknowledged lost, the ledger, each mail once, no instance died by itself. */
function expectIntact(row: FaultRow): void {
  expect({ exits: row.exits, lost: row.lost, wrongBalances: row.wrongBalances, duplicateMails: row.duplicateMails }).toEqual({ exits: 0, lost: 0, wrongBalances: 0, duplicateMails: 0 });
}

const failuresOf = (row: FaultRow, kinds: string[]) => row.outcomes.filter((outcome) => kinds.includes(outcome.kind) && (outcome.status < 200 || outcome.status >= 300));

describe.skipIf(unavailable)("faults under steady load: three instances behind nginx on a PostgreSQL and a Redis of their own", () => {
  beforeAll(async () => {
    build = buildOnce();
    cluster = await startCluster({ instances: 3, buildDir: build.dir, ownServices: true, env: { DEPOSIT_MAX: "1000000", LOG_SAMPLE: "0", DRAIN_SECONDS: "1" } });
  }, 240_000);

  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      for (const instance of cluster?.instances ?? []) console.log(`--- ${instance.name}, last lines:\n${instance.output.slice(-30).join("\n")}`);
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
    expect(failuresOf(row, ["signed-in", "page", "order", "keyed order"])).toEqual([]);
    expect(row.revived).toBe(0);
  }, 60_000);

  it("S3 stopped: downloads and the upload answer 503, nothing else fails", async () => {
    const row = await run("s3");
    expectIntact(row);
    const downloads = failuresOf(row, ["download"]);
    expect(downloads.length).toBeGreaterThan(0);
    expect(new Set(downloads.map((outcome) => outcome.status))).toEqual(new Set([503]));
    expect(row.uploadDuringOutage).toBe(503);
    expect(failuresOf(row, ["signed-in", "page", "order", "keyed order"])).toEqual([]);
    expect(row.outsideOutage).toBe(0);
  }, 60_000);

  it("rolling restart with DRAIN_SECONDS under a stream of order POSTs: zero failed requests", async () => {
    const row = await run("rolling");
    expectIntact(row);
    expect(row.failures).toEqual({});
    expect(row.unanswered).toBe(0);
    expect(row.outcomes.filter((outcome) => outcome.number).length).toBeGreaterThan(10);
  }, 90_000);

  it("kill -9 of an instance, started again: zero failed requests, keyed or not", async () => {
    const row = await run("kill");
    expectIntact(row);
    expect(row.failures).toEqual({});
    expect(row.unanswered).toBe(0);
  }, 60_000);

  it("overload: 503s at once, and no order paid for an answer nobody received", async () => {
    const row = await run("overload");
    expectIntact(row);
    expect(failuresOf(row, ["order"]).some((outcome) => outcome.status === 503)).toBe(true);
    expect(row.slowest503Ms).toBeLessThan(SHORT_TIMES.overloadTimeoutMs);
    expect(row.unanswered).toBe(0);
  }, 60_000);
});
