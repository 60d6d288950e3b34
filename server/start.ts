import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "./app";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db/database";
import { createChangeBus } from "./platform/change-bus";
import { createMetrics } from "./platform/metrics";
import { createReadiness, type Readiness } from "./platform/readiness";
import { prepareStore } from "./prepare-store";
import { connectRedis } from "./redis";
import { createServices, type Services } from "./services";

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
 * Opens the database, connects Redis when configured, builds services and the HTTP app. The app can listen before
 * `prepare()`: until it is done `/readyz` answers 503 and every other request the contract's 503.
 */
export async function assembleStore(config: Config, ssr?: AppDeps["ssr"], extra: Partial<AppDeps> = {}): Promise<StartedStore> {
  // Lost database connections are logged by the app's logger once it exists (stderr before).
  let log = (line: string) => console.warn(line);
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.DATA_DIR, "scriptorium.sqlite"),
    log: (line) => log(line),
  });
  const redis = await connectRedis(config.REDIS_URL);
  const bus = createChangeBus(redis);
  await bus.ready;
  const services = createServices({ config, db, redis, bus, metrics: createMetrics({ processMetrics: true }) });
  const readiness = createReadiness();
  const app = await buildApp({ config, db, services, redis, ssr, readiness, ...extra });
  log = (line) => app.log.warn(line);
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
      services.jobs.start();
      readiness.ready();
    },
    async close() {
      closing.abort(new Error("the store is closing"));
      readiness.drain();
      await app.close();
      await services.jobs.stop();
      services.mail.stop();
      await bus.close();
      await redis?.quit();
      await db.close();
    },
  };
}
