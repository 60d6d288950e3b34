import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import pg from "pg";
import { buildApp, type AppDeps } from "../app";
import { loadConfig, type Config } from "../config";
import { openDatabase, type Db } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import type { Clock } from "../platform/clock";
import { closeRedis, connectRedis } from "../redis";
import { createServices, prepareServices, type Services } from "../services";

/**
 * The database the data tests run against: SQLite, or PostgreSQL when TEST_DATABASE_URL is set (vitest.config.ts
 * runs the data tests once per dialect in server/test/dialects.ts and sets it for the PostgreSQL pass). Every store
 * gets a fresh database (a new SQLite file, or a new PostgreSQL schema dropped on close) that refuses queries on the
 * outer database inside a transaction.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body string sent as-is (for malformed JSON). */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestStore {
  url: string;
  app: FastifyInstance;
  db: Db;
  services: Services;
  config: Config;
  /** The store's Redis client when REDIS_URL is set (tests that stop their own Redis wait for it to reconnect). */
  redis: Redis | null;
  /** Calls the API over real HTTP; JSON in and out. */
  call<T = any>(pathname: string, options?: CallOptions): Promise<ApiAnswer<T>>;
  post<T = any>(pathname: string, body: unknown, options?: CallOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

async function freshDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-db-"));
    const db = openDatabase({ sqliteFile: path.join(dir, "test.sqlite"), guardOuterDatabase: true });
    return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `t_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, pgPoolSize: 20, guardOuterDatabase: true });
  return {
    db,
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/**
 * Starts the whole API (no page rendering) on a free port with a fresh database. Rate-limit counters in Redis get
 * a namespace of their own unless `redisNamespace` is given (stores that pass the same one share their counts).
 * Timed work runs only when a test calls `services.jobs.runDue()`, on the `clock` it passes.
 */
export interface TestStoreOptions {
  redisNamespace?: string;
  clock?: Clock;
  /** Gets every log line, parsed (at LOG_LEVEL, which the test sets: `silent` otherwise); no log without it. */
  log?: (line: Record<string, unknown>) => void;
  /** Page rendering from this build (see server/http/page-errors.test.ts); API only without it. */
  ssr?: AppDeps["ssr"];
  /** Holds API work at a point the test releases (see server/http/load-shedding.test.ts). */
  holdWork?: AppDeps["holdWork"];
  /** Gets the Redis outage warnings (else they are dropped). */
  redisLog?: (line: string) => void;
}

export async function startTestStore(env: Record<string, string> = {}, options: TestStoreOptions = {}): Promise<TestStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    // The demo customer and order (on by default outside production) only when a test asks for them.
    DEMO_DATA: "false",
    ...env,
  });
  const { db, drop } = await freshDatabase();
  await migrateToLatest(db);
  const redis = await connectRedis(config.REDIS_URL, options.redisLog ?? (() => undefined));
  const services = createServices({ config, db, redis, clock: options.clock });
  await prepareServices(services, config);
  const { log } = options;
  const app = await buildApp({
    config, db, services, redis, ssr: options.ssr, redisNamespace: options.redisNamespace ?? `test:${randomUUID()}:`, holdWork: options.holdWork,
    logger: Boolean(log), logStream: log && { write: (line: string) => log(JSON.parse(line)) },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const call = async <T,>(pathname: string, options: CallOptions = {}): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | undefined = options.raw;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers["content-type"] ??= "application/json";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(url + pathname, { method: options.method ?? (payload === undefined ? "GET" : "POST"), headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("json") && text) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: body as T };
  };

  return {
    url,
    app,
    db,
    services,
    config,
    redis,
    call,
    post: (pathname, body, options) => call(pathname, { ...options, method: "POST", body }),
    async close() {
      await app.close();
      await services.bus.close();
      await closeRedis(redis);
      await db.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
