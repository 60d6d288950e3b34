import type { FastifyInstance } from "fastify";
import type { AppDeps } from "./app";
import type { Config } from "./config";
import { createChangeBus } from "./platform/change-bus";
import { createMetrics } from "./platform/metrics";
import { createReadiness, type Readiness } from "./platform/readiness";
import { setRedisLog } from "./platform/redis-outage";
import type { Db } from "./db/database";
import { prepareStore } from "./prepare-store";
import { settleAfterStart } from "./after-start";
import { listenOnSockets } from "./http/accept-sockets";
import { closeRedis, connectRedis } from "./redis";
import { buildAppForRole, openStoreDatabase, runsJobs } from "./roles";
import type { Services } from "./services";
import { createServices } from "./services";

export interface StartedStore {
  app: FastifyInstance;
  readiness: Readiness;
  /** For scripts and tests that act on the store directly. */
  services: Services;
  db: Db;
  /** Migrates the database (once, whichever instance gets there first), seeds it, starts mail, then turns ready. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database, connects Redis when configured, builds services and the HTTP app. main.ts listens only after
 * `prepare()`; an app that listens before (a test) answers `/readyz` 503 and every other request the contract's 503.
 */
export async function assembleStore(config: Config, ssr?: AppDeps["ssr"], extra: Partial<AppDeps> = {}): Promise<StartedStore> {
  // Lost database connections are logged by the app's logger once it exists (stderr before).
  let log = (line: string) => console.warn(line);
  const db = openStoreDatabase(config, (line) => log(line));
  const redis = await connectRedis(config.REDIS_URL);
  const bus = createChangeBus(redis);
  await bus.ready;
  const metrics = createMetrics({ processMetrics: true });
  const services = createServices({ config, db, redis, bus, metrics });
  const readiness = createReadiness();
  // ROLE: the whole store, or a worker's probes and metrics only (server/roles.ts).
  const app = await buildAppForRole(config.ROLE, { config, db, services, redis, ssr, readiness, metrics, ...extra });
  log = (line) => app.log.warn(line);
  if (redis) setRedisLog(redis, log);
  const closing = new AbortController();
  return {
    app,
    readiness,
    services,
    db,
    async prepare() {
      // Waits for the database when it is down (prepare-store.ts); a close meanwhile ends the wait.
      try {
        await prepareStore({ db, services, config, log }, closing.signal);
      } catch (error) {
        if (closing.signal.aborted) return;
        throw error;
      }
      if (runsJobs(config.ROLE)) services.jobs.start();
      readiness.ready();
    },
    async close() {
      closing.abort(new Error("the store is closing"));
      readiness.drain();
      await app.close();
      await services.jobs.stop();
      services.mail.stop();
      await bus.close();
      await closeRedis(redis);
      await db.close();
    },
  };
}

/**
 * Prepares the store, then listens (unless `stillWanted()` says a stop came meanwhile). Until the store is ready a
 * connection is refused, which every balancer sends to another instance; a 503 to a POST, nginx would not.
 */
export async function serveWhenReady(store: StartedStore, listen: { port: number; host: string }, stillWanted: () => boolean = () => true): Promise<void> {
  await store.prepare();
  if (!stillWanted()) return;
  await listenOnSockets(store.app, listen);
  settleAfterStart(store.services, stillWanted);
}
