import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { ownDataDirAndDatabase } from "./test/own-database";
import { sqliteFileOf } from "./roles";
import { assembleStore, type StartedStore } from "./start";

const root = path.resolve(import.meta.dirname, "..");
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store assembled as main.ts does (its own DATA_DIR and database), listening on a free port and prepared. */
async function startRole(role: string, spy?: (store: StartedStore) => void): Promise<{ store: StartedStore; url: string; env: Record<string, string> }> {
  const own = await ownDataDirAndDatabase();
  cleanups.push(own.remove);
  const env = { NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_DATA: "false", DATA_DIR: own.dataDir, DATABASE_URL: own.databaseUrl ?? "", ROLE: role };
  const store = await assembleStore(loadConfig(env), undefined, { logger: false });
  cleanups.push(() => store.close());
  spy?.(store);
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  await store.prepare();
  const address = store.app.server.address();
  return { store, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`, env };
}

function databaseOf(env: Record<string, string>) {
  return openDatabase({ databaseUrl: env.DATABASE_URL || undefined, sqliteFile: sqliteFileOf({ DATA_DIR: env.DATA_DIR! }) });
}

describe("ROLE", () => {
  it("worker: runs a due job, answers its probes and metrics, and 404 in the contract's shape on /api and pages", async () => {
    const { store, url, env } = await startRole("worker");
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    store.services.jobs.register("test.role", async () => ran());
    const db = databaseOf(env);
    cleanups.push(() => db.close());
    await store.services.jobs.schedule(db.kysely, { kind: "test.role" });
    store.services.jobs.wake();
    await done;
    await vi.waitFor(async () => {
      const job = await db.kysely.selectFrom("jobs").select("status").where("kind", "=", "test.role").executeTakeFirstOrThrow();
      expect(job.status).toBe("done");
    }, { timeout: 10_000 });

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("jobs_waiting");
    for (const pathname of ["/api/prices", "/api/accounts/me", "/"]) {
      const answer = await fetch(url + pathname, { headers: { "accept-language": "es" } });
      expect(answer.status, pathname).toBe(404);
      expect(await answer.json()).toMatchObject({ status: 404, title: expect.any(String) });
    }
    const post = await fetch(`${url}/api/prices`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"currency":"EUR"}' });
    expect(post.status).toBe(404);
  });

  it("web: serves the API and never starts the job runner; all (the default) starts it", async () => {
    let webStarts = 0;
    const web = await startRole("web", (store) => {
      store.services.jobs.start = () => void webStarts++;
    });
    const prices = await fetch(`${web.url}/api/prices`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"currency":"EUR"}' });
    expect(prices.status).toBe(200);
    expect((await fetch(`${web.url}/readyz`)).status).toBe(200);
    expect(webStarts).toBe(0);

    let allStarts = 0;
    await startRole("all", (store) => {
      store.services.jobs.start = () => void allStarts++;
    });
    expect(allStarts).toBe(1);
  });

  it("an unknown ROLE stops the start with one line naming it", () => {
    expect(() => loadConfig({ ROLE: "cron" })).toThrow(/^Configuration error: ROLE /);
  });
});

describe("main.js migrate", () => {
  it("migrates an empty database, exits 0, and a second run applies nothing", async () => {
    const own = await ownDataDirAndDatabase();
    cleanups.push(own.remove);
    const env = { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: own.dataDir, DATABASE_URL: own.databaseUrl ?? "" };
    const run = () => spawnSync(process.execPath, ["--import", "tsx", "server/main.ts", "migrate"], { cwd: root, env, encoding: "utf8", timeout: 60_000 });

    const first = run();
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^Migrated \d+: /);
    const db = databaseOf(env);
    cleanups.push(() => db.close());
    expect(await db.kysely.selectFrom("jobs").select("id").execute()).toEqual([]);

    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout.trim()).toBe("Nothing to migrate: the database is current.");
  }, 150_000);
});
