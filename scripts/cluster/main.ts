// npm run cluster [-- --instances N] [-- --bench | --faults [--short] [--fault NAME]] [-- --own-services]: the store as it runs on
// many machines, on this one. Without --bench or --faults it stays up (Ctrl-C stops everything);
// tests/cluster/*.test.ts prove it with assertions. --faults (scripts/cluster/faults.ts) runs on a PostgreSQL and a
// Redis of the cluster's own (--own-services), which it stops and starts; the shared servers are never touched.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchCluster } from "./bench";
import { type Fault, FAULTS, FULL_TIMES, runFaults, SHORT_TIMES } from "./faults";
import { buildOnce, METRICS_TOKEN, startCluster } from "./cluster";
import { NGINX } from "../../server/test/nginx";

const { values } = parseArgs({
  options: {
    bench: { type: "boolean", default: false },
    faults: { type: "boolean", default: false },
    short: { type: "boolean", default: false },
    /** With --faults: only this row (postgres, redis, s3, rolling, kill or overload). */
    fault: { type: "string" },
    "own-services": { type: "boolean", default: false },
    instances: { type: "string", default: "3" },
  },
});
const only = values.fault;
if (only !== undefined && !(FAULTS as readonly string[]).includes(only)) {
  console.error(`--fault must be one of ${FAULTS.join(", ")}`);
  process.exit(1);
}
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 8) {
  console.error("--instances must be a whole number from 1 to 8");
  process.exit(1);
}
if (!fs.existsSync(NGINX)) {
  console.error(`nginx not found at ${NGINX}: apt-get install -y nginx-light (or set NGINX_BIN)`);
  process.exit(1);
}

console.log("building the app…");
const build = buildOnce();
const env: Record<string, string> = values.bench || values.faults ? { DEPOSIT_MAX: "1000000", LOG_SAMPLE: "0" } : {};
// A rolling restart in the fault run drains each instance as a deployment with a health-checking balancer would.
if (values.faults) env.DRAIN_SECONDS = values.short ? "1" : "5";
// The fault run's clients give up after FULL_TIMES.overloadTimeoutMs (2 s): orders are refused past half of it, as
// docs/operations.md advises (the store's default is off: browsers do not give up that soon).
if (values.faults) env.ORDER_DEADLINE_MS = "1000";
const cluster = await startCluster({ instances, buildDir: build.dir, env, ownServices: values.faults || values["own-services"] });
const stop = async () => {
  await cluster.close();
  if (build.remove) fs.rmSync(path.dirname(build.dir), { recursive: true, force: true });
};

if (values.bench) {
  try {
    await benchCluster(cluster);
  } finally {
    await stop();
  }
} else if (values.faults) {
  // Ctrl-C still removes the PostgreSQL cluster and the Redis server the run made.
  process.once("SIGINT", () => void stop().finally(() => process.exit(130)));
  try {
    const rows = await runFaults(cluster, { times: values.short ? SHORT_TIMES : FULL_TIMES, only: only as Fault | undefined });
    process.exitCode = rows.some((row) => row.exits + row.lost + row.wrongBalances + row.duplicateMails > 0) ? 1 : 0;
  } finally {
    await stop();
  }
} else {
  console.log(`store through nginx: ${cluster.proxy.url}`);
  for (const instance of cluster.instances) console.log(`  ${instance.name}: ${instance.url} (metrics: Authorization: Bearer ${METRICS_TOKEN})`);
  console.log(`  database: ${cluster.backing.databaseUrl}   redis: ${cluster.backing.redisUrl}`);
  console.log(`  S3: ${cluster.backing.s3.env.S3_ENDPOINT}   SMTP sink: 127.0.0.1:${cluster.backing.smtp.port}`);
  console.log("Ctrl-C stops everything and drops the database.");
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await stop();
}
