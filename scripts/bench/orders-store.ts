import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { listenOnSockets } from "../../server/http/accept-sockets";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { createServices, prepareServices } from "../../server/services";

/** The API as production runs it (no page rendering, no logging, its listening sockets: server/start.ts) on a fresh SQLite file or PostgreSQL schema. */
export async function startBenchStore(databaseUrl?: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-bench-"));
  const schema = `bench_${randomUUID().replace(/-/g, "")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (databaseUrl) await admin(`CREATE SCHEMA ${schema}`);
  const config = loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox", LOG_LEVEL: "silent", DATA_DIR: dataDir, DEMO_DATA: "false", JWT_SECRET: randomUUID() + randomUUID(), ...env });
  const db = databaseUrl
    ? openDatabase({ databaseUrl, pgSchema: schema, pgPoolSize: process.env.BENCH_PG_POOL ? Number(process.env.BENCH_PG_POOL) : undefined })
    : openDatabase({ sqliteFile: path.join(dataDir, "scriptorium.sqlite"), checkpointer: process.env.BENCH_CHECKPOINTER !== "off" });
  await migrateToLatest(db);
  const services = createServices({ config, db, redis: null });
  await prepareServices(services, config);
  const app = await buildApp({ config, db, services, redis: null, logger: false });
  await listenOnSockets(app, { port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    db,
    app,
    services,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      if (databaseUrl) await admin(`DROP SCHEMA ${schema} CASCADE`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
