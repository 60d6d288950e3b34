import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { freePort } from "./free-port";

const run = promisify(execFile);
const VERSION = "15";

/** A PostgreSQL server of a test's own (Debian's pg_createcluster), to stop and start at will; never the shared one. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust authentication. */
  url: string;
  /** Fast shutdown (pg_ctlcluster's default): PostgreSQL ends every connection (57P01 admin_shutdown), then exits. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data directory. */
  drop(): Promise<void>;
}

/** Why no private cluster can be made here (not root, or no pg_createcluster), or null when one can. */
export function postgresClusterUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "needs root (pg_createcluster)";
  if (!fs.existsSync("/usr/bin/pg_createcluster")) return "needs Debian's postgresql-common (pg_createcluster)";
  if (!fs.existsSync(`/usr/lib/postgresql/${VERSION}/bin/postgres`)) return `needs PostgreSQL ${VERSION}`;
  return null;
}

/** Creates a cluster named `<prefix>-<port>` on a free port with trust authentication; `started` by default. */
export async function startPostgresCluster(prefix: string, options: { started?: boolean } = {}): Promise<PostgresCluster> {
  const port = await freePort();
  const name = `${prefix}-${port}`;
  // No fsync: a test cluster holds nothing worth keeping, and the shared machine's disk is busy.
  await run("pg_createcluster", [VERSION, name, "-p", String(port), "-o", "fsync=off", "--", "--auth=trust", "--no-sync"]);
  const ctl = (action: string, ...extra: string[]) => run("pg_ctlcluster", [VERSION, name, action, ...extra]).then(() => undefined);
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => ctl("stop"),
    start: () => ctl("start"),
    drop: () => run("pg_dropcluster", ["--stop", VERSION, name]).then(() => undefined),
  };
  if (options.started ?? true) await cluster.start();
  return cluster;
}
