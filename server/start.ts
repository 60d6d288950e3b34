import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "./app";
import type { Config } from "./config";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { connectRedis } from "./redis";
import { createServices, prepareServices } from "./services";

export interface StartedStore {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Opens the database (migrated, seeded), connects Redis when configured, builds services and the HTTP app. */
export async function assembleStore(config: Config, ssr?: AppDeps["ssr"], extra: Partial<AppDeps> = {}): Promise<StartedStore> {
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.DATA_DIR, "scriptorium.sqlite"),
  });
  await migrateToLatest(db);
  const redis = await connectRedis(config.REDIS_URL);
  const services = createServices({ config, db, redis });
  await prepareServices(services, config);
  const app = await buildApp({ config, db, services, redis, ssr, ...extra });
  services.jobs.start();
  return {
    app,
    async close() {
      await app.close();
      await services.jobs.stop();
      services.mail.stop();
      await redis?.quit();
      await db.close();
    },
  };
}
