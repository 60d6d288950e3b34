import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Redis } from "ioredis";
import { buildApp, type AppDeps } from "../app";
import { loadConfig, type Config } from "../config";
import type { Db } from "../db/database";
import type { Clock } from "../platform/clock";
import { closeRedis, connectRedis } from "../redis";
import { createServices, prepareServices, type Services } from "../services";
import { freshPostgresDatabase, freshSqliteDatabase, type FreshDatabase } from "./template-database";
import type { UntypedJson } from "./untyped-json";

/**
 * The database the data tests run against: SQLite, or PostgreSQL when TEST_DATABASE_URL is set (vitest.config.ts
 * runs the data tests once per dialect in server/test/dialects.ts and sets it for the PostgreSQL pass). Every store
 * gets a fresh, migrated database (a copy of a template migrated once per change of the migrations:
 * template-database.ts) that refuses queries on the outer database inside a transaction.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

export interface ApiAnswer<T = UntypedJson> {
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
  /** The listening address; only with `listen: true` (reading it otherwise throws). */
  url: string;
  app: FastifyInstance;
  db: Db;
  services: Services;
  config: Config;
  /** The store's Redis client when REDIS_URL is set (tests that stop their own Redis wait for it to reconnect). */
  redis: Redis | null;
  /** Calls the API in-process (`app.inject`, or real HTTP with `listen: true`); JSON in and out. */
  call<T = UntypedJson>(pathname: string, options?: CallOptions): Promise<ApiAnswer<T>>;
  post<T = UntypedJson>(pathname: string, body: unknown, options?: CallOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

async function freshDatabase(): Promise<FreshDatabase> {
  return TEST_DATABASE_URL ? freshPostgresDatabase(TEST_DATABASE_URL) : freshSqliteDatabase();
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
  /**
   * Listen on a real socket (`url`) for tests of raw HTTP, streaming, uploads, disconnects or nginx; `call`/`post`
   * then go over it too. Without it the API is called in-process with `app.inject`: no port, faster.
   */
  listen?: boolean;
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
  const redis = await connectRedis(config.REDIS_URL, options.redisLog ?? (() => undefined));
  const services = createServices({ config, db, redis, clock: options.clock });
  await prepareServices(services, config);
  const { log } = options;
  const app = await buildApp({
    config, db, services, redis, ssr: options.ssr, redisNamespace: options.redisNamespace ?? `test:${randomUUID()}:`, holdWork: options.holdWork,
    logger: Boolean(log), logStream: log && { write: (line: string) => log(JSON.parse(line)) },
  });
  let url: string | undefined;
  if (options.listen) {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  } else {
    await app.ready();
  }
  const send = url ? overHttp(url) : inProcess(app);

  const call = async <T,>(pathname: string, options: CallOptions = {}): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | undefined = options.raw;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers["content-type"] ??= "application/json";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const answer = await send(options.method ?? (payload === undefined ? "GET" : "POST"), pathname, headers, payload);
    let body: unknown = answer.text;
    if ((answer.headers.get("content-type") ?? "").includes("json") && answer.text) body = JSON.parse(answer.text);
    return { status: answer.status, headers: answer.headers, body: body as T };
  };

  return {
    get url(): string {
      if (!url) throw new Error("This test store does not listen: start it with { listen: true } to use its url.");
      return url;
    },

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

type Send = (method: string, pathname: string, headers: Record<string, string>, payload: string | undefined) =>
  Promise<{ status: number; headers: Headers; text: string }>;

function overHttp(url: string): Send {
  return async (method, pathname, headers, payload) => {
    const response = await fetch(url + pathname, { method, headers, body: payload });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

/** The same request through Fastify's in-process injection (light-my-request): no socket, same hooks and routes. */
function inProcess(app: FastifyInstance): Send {
  return async (method, pathname, headers, payload) => {
    const response = await app.inject({ method: method as "GET", url: pathname, headers, payload });
    return { status: response.statusCode, headers: toHeaders(response), text: response.body };
  };
}

function toHeaders(response: LightMyRequestResponse): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}
