import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "./app";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db/database";
import { buildWorkerApp } from "./http/worker-app";
import type { Metrics } from "./platform/metrics";
import type { Readiness } from "./platform/readiness";

/**
 * What one build runs, by `ROLE` (docs/operations.md, Roles): `web` serves the store over HTTP and runs no timed
 * jobs; `worker` runs the job runner and answers only `/healthz`, `/readyz` and `/metrics`; `all` (the default)
 * does both, as one machine needs. Operators scale web and worker apart.
 */
export type Role = Config["ROLE"];

export function runsJobs(role: Role): boolean {
  return role !== "web";
}

export function servesStore(role: Role): boolean {
  return role !== "worker";
}

/** The HTTP app this role answers with: the whole store, or a worker's probes and metrics. */
export async function buildAppForRole(role: Role, deps: AppDeps & { metrics: Metrics; readiness: Readiness }): Promise<FastifyInstance> {
  if (servesStore(role)) return buildApp(deps);
  return buildWorkerApp({ config: deps.config, db: deps.db, redis: deps.redis, metrics: deps.metrics, readiness: deps.readiness, logger: deps.logger });
}

/** The store's database as configured: PostgreSQL at DATABASE_URL, else SQLite in DATA_DIR. */
export function openStoreDatabase(config: Config, log?: (line: string) => void): Db {
  return openDatabase({ databaseUrl: config.DATABASE_URL, pgPoolSize: config.DATABASE_POOL_SIZE, sqliteFile: sqliteFileOf(config), log, checkpointer: true });
}

export function sqliteFileOf(config: Pick<Config, "DATA_DIR">): string {
  return path.join(config.DATA_DIR, "scriptorium.sqlite");
}
