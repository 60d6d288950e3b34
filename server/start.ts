import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "./app";
import type { Config } from "./config";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { createChangeBus } from "./platform/change-bus";
import { createMetrics } from "./platform/metrics";
import { createReadiness, type Readiness } from "./platform/readiness";
import { setRedisLog } from "./platform/redis-outage";
import { closeRedis, connectRedis } from "./redis";
import { createServices, prepareServices } from "./services";

export interface StartedStore {
  app: FastifyInstance;
  readiness: Readiness;
  /** Migrates the database (once, whichever instance gets there first), seeds it, starts mail, then turns ready. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database, connects Redis when configured, builds services and the HTTP app. The app can listen before
 * `prepare()`: until it is done `/readyz` answers 503 and every other request the contract's 503.
 */
export async function assembleStore(config: Config, ssr?: AppDeps["ssr"], extra: Partial<AppDeps> = {}): Promise<StartedStore> {
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.DATA_DIR, "scriptorium.sqlite"),
  });
  const redis = await connectRedis(config.REDIS_URL);
  const bus = createChangeBus(redis);
  await bus.ready;
  const services = createServices({ config, db, redis, bus, metrics: createMetrics({ processMetrics: true }) });
  const readiness = createReadiness();
  const app = await buildApp({ config, db, services, redis, ssr, readiness, ...extra });
  if (redis) setRedisLog(redis, (line) => app.log.warn(line));
  return {
    app,
    readiness,
    async prepare() {
      await migrateToLatest(db);
      await prepareServices(services, { ...config, log: (line) => app.log.warn(line) });
      services.jobs.start();
      readiness.ready();
    },
    async close() {
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
