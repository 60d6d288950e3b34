// npm run cluster [-- --instances N] [-- --bench]: the store as it runs on many machines, on this one. Without
// --bench it stays up (Ctrl-C stops everything); tests/cluster/cluster.test.ts proves it with assertions.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchCluster } from "./bench";
import { buildOnce, METRICS_TOKEN, startCluster } from "./cluster";
import { NGINX } from "../../server/test/nginx";

const { values } = parseArgs({ options: { bench: { type: "boolean", default: false }, instances: { type: "string", default: "3" } } });
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
const cluster = await startCluster({ instances, buildDir: build.dir, env: values.bench ? { DEPOSIT_MAX: "1000000", LOG_SAMPLE: "0" } : {} });
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
