import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { loadConfig } from "../config";
import { customer, orderBody } from "../test/orders-test-support";
import { DependencyUnavailable } from "../platform/unavailable";
import { assembleStore, type StartedStore } from "../start";
import { postgresClusterUnavailable, startPostgresCluster, type PostgresCluster } from "../test/postgres-cluster";

// Each test makes a PostgreSQL server of its own (pg_createcluster on a free port) and stops and starts it; the
// shared one is never touched. It does not depend on the dialect under test, so it runs in the PostgreSQL pass only.
const cannot = postgresClusterUnavailable();
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);
if (postgresPass && cannot) console.log(`PostgreSQL outage tests skipped: ${cannot}`);

/** Generous: a busy 2-core machine, where creating a cluster alone takes several seconds. */
const TEST_MS = 240_000;
const READY_WITHIN_MS = 60_000;

/** Polls `probe` until it answers true, failing with `what` after `ms`. */
async function until(what: string, ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface RunningStore extends StartedStore {
  url: string;
}

/** The store as `server/main.ts` starts it (listening first, then `prepare()`), on `databaseUrl`, without pages. */
async function startStore(databaseUrl: string, dataDir: string): Promise<RunningStore> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_DATA: "false", JWT_SECRET: "o".repeat(40) });
  const store = await assembleStore(config, undefined, { logger: false });
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  const address = store.app.server.address();
  return Object.assign(store, { url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` });
}

async function placeOrder(store: RunningStore, token: string): Promise<number> {
  const response = await fetch(`${store.url}/api/orders`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(orderBody()),
  });
  return response.status;
}

async function readyz(store: RunningStore): Promise<{ status: number; body: any }> {
  const response = await fetch(`${store.url}/readyz`);
  return { status: response.status, body: await response.json() };
}

/** Opens a transaction that holds its connection between two queries until `resume()`; `done` is its outcome. */
async function holdConnection(store: RunningStore): Promise<{ resume: () => void; done: Promise<void> }> {
  let resume: (() => void) | undefined;
  const done = store.db.kysely.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    await new Promise<void>((resolve) => {
      resume = resolve;
    });
    await sql`select 1`.execute(trx);
  });
  done.catch(() => undefined);
  await until("the transaction to hold its connection", 10_000, async () => resume !== undefined);
  return { resume: () => resume?.(), done };
}

/** What a customer sees while the database is down: 503 with Retry-After and a message in their language. */
async function expectDatabaseUnavailable(store: RunningStore, token: string): Promise<void> {
  const down = await fetch(`${store.url}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
  expect(down.status).toBe(503);
  expect(down.headers.get("retry-after")).toBe("5");
  expect(await down.json()).toEqual({
    status: 503,
    title: "Service Unavailable",
    detail: "The store cannot reach its database right now. Try again in a few seconds.",
  });
  const inSpanish = await fetch(`${store.url}/api/orders`, { headers: { authorization: `Bearer ${token}`, "accept-language": "es" } });
  expect(inSpanish.status).toBe(503);
  expect((await inSpanish.json()).detail).toBe("La tienda no puede acceder a su base de datos en este momento. Vuelve a intentarlo en unos segundos.");
  expect(await placeOrder(store, token)).toBe(503);
}

/** /readyz names the database as down (the store itself stays ready), the metric says 0, and /healthz stays 200. */
async function expectProbesSayDatabaseDown(store: RunningStore): Promise<void> {
  await until("/readyz to say the database is down", 10_000, async () => {
    const answer = await readyz(store);
    return answer.status === 503 && answer.body.dependencies.database === "down" && answer.body.state === "ready";
  });
  const metrics = await (await fetch(`${store.url}/metrics`)).text();
  expect(metrics).toContain('scriptorium_dependency_up{dependency="database"} 0');
  expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
}

describe.runIf(postgresPass && !cannot)("PostgreSQL outages", () => {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-outage-"));
  let cluster: PostgresCluster | undefined;
  let store: RunningStore | undefined;

  beforeAll(() => {
    // Before the fix a PostgreSQL restart was an unhandled 'error' event that ended the process.
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
  });
  afterAll(async () => {
    process.off("uncaughtException", record);
    process.off("unhandledRejection", record);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const cleanUp = async () => {
    await store?.close();
    await cluster?.drop();
    store = undefined;
    cluster = undefined;
  };

  it(
    "an instance survives PostgreSQL stopping: 503 with Retry-After meanwhile, /readyz names the database, ready again within seconds of its start",
    async () => {
      uncaught.length = 0;
      try {
        cluster = await startPostgresCluster("scriptorium-outage");
        store = await startStore(cluster.url, path.join(dataDir, "restart"));
        await store.prepare();
        const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
        expect(await placeOrder(store, buyer.token)).toBe(200);
        // A transaction holding its connection between two queries when PostgreSQL goes away: its connection's
        // error has no pool listener then, and must not end the process either; its next query fails as unavailable.
        const held = await holdConnection(store);

        await cluster.stop();
        held.resume();
        await expect(held.done).rejects.toBeInstanceOf(DependencyUnavailable);
        await expectDatabaseUnavailable(store, buyer.token);
        await expectProbesSayDatabaseDown(store);

        await cluster.start();
        await until("/readyz 200 after PostgreSQL started again", READY_WITHIN_MS, async () => (await readyz(store!)).status === 200);
        expect(await placeOrder(store, buyer.token)).toBe(200);
        expect(await (await fetch(`${store.url}/metrics`)).text()).toContain('scriptorium_dependency_up{dependency="database"} 1');
        expect(uncaught).toEqual([]);
      } finally {
        await cleanUp();
      }
    },
    TEST_MS,
  );

  it(
    "a store started while its PostgreSQL is down is alive, answers 503, and turns ready once PostgreSQL starts",
    async () => {
      uncaught.length = 0;
      try {
        cluster = await startPostgresCluster("scriptorium-outage", { started: false });
        store = await startStore(cluster.url, path.join(dataDir, "cold"));
        let prepared = false;
        const preparing = store.prepare().then(() => {
          prepared = true;
        });

        expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
        const notReady = await readyz(store);
        expect(notReady.status).toBe(503);
        expect(notReady.body).toEqual({ status: "unavailable", state: "starting", dependencies: { database: "down" } });
        const early = await fetch(`${store.url}/api/prices`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"currency":"EUR"}' });
        expect(early.status).toBe(503);
        expect(early.headers.get("retry-after")).toBe("2");
        expect(prepared).toBe(false);

        await cluster.start();
        await until("/readyz 200 once PostgreSQL is up", READY_WITHIN_MS, async () => (await readyz(store!)).status === 200);
        await preparing;
        expect((await readyz(store)).body).toEqual({ status: "ok", state: "ready", dependencies: { database: "up" } });
        const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
        expect(await placeOrder(store, buyer.token)).toBe(200);
        expect(uncaught).toEqual([]);
      } finally {
        await cleanUp();
      }
    },
    TEST_MS,
  );
});
