import { defineConfig } from "vitest/config";
import { serverTestFiles, testDialects } from "./server/test/dialects.ts";
import { E2E_POLL_INTERVAL_MS, E2E_WAIT_MS } from "./tests/e2e/support/waits.ts";

/**
 * Test files run two at a time on every project but the cluster's. Vitest's default is one fewer than the cores,
 * which on the 2-core machines CI runs on is one: every file after another, 30 minutes. Most files wait on
 * PostgreSQL, SQLite, a store process or the browser rather than on a core, and each has a database, a data folder
 * and a port of its own (server/test/template-database.ts, tests/support/store-process.ts).
 */
const WORKERS = 2;

/**
 * The unit, data, app and journey files share their two workers rather than each starting one of its own (Vitest's
 * `isolate: false`): a module one file loaded stays loaded for the next (Fastify, Kysely, React, the server), while
 * every file still has its own app, database, data folder and port. Measured on 2 cores: the data files on
 * SQLite 154 s → 40 s, on PostgreSQL 262 s → 141 s (decision 0095). Tests that stub a global or fake the clock undo
 * it themselves, and `unstubGlobals`/`unstubEnvs` undo what one forgets.
 */
const SHARED_WORKERS = { isolate: false, unstubGlobals: true, unstubEnvs: true } as const;

export default defineConfig(async () => {
  const { unit, data } = serverTestFiles(import.meta.dirname);
  // Data and API tests run once per database: SQLite always, PostgreSQL when it answers (one line says when not).
  const dialects = await testDialects();
  return {
    test: {
      projects: [
        {
          test: {
            name: "unit",
            include: [...unit, "contract/**/*.test.ts", "content/**/*.test.ts", "common/**/*.test.ts", "scripts/**/*.test.ts"],
            environment: "node",
            maxWorkers: WORKERS,
            ...SHARED_WORKERS,
            // A few start the server in a child process (config errors), slow on a busy machine.
            testTimeout: 30_000,
          },
        },
        ...dialects.map(({ dialect, databaseUrl }) => ({
          test: {
            name: `data:${dialect}`,
            include: data,
            environment: "node",
            env: { TEST_DATABASE_URL: databaseUrl ?? "" },
            maxWorkers: WORKERS,
            ...SHARED_WORKERS,
            testTimeout: 30_000,
            hookTimeout: 30_000,
          },
        })),
        {
          resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
          test: {
            name: "app",
            include: ["app/**/*.test.{ts,tsx}"],
            environment: "node",
            maxWorkers: WORKERS,
            ...SHARED_WORKERS,
          },
        },
        {
          test: {
            // Three instances behind nginx on PostgreSQL, Redis and S3 (scripts/cluster); skipped without nginx.
            name: "cluster",
            include: ["tests/cluster/**/*.test.ts"],
            // After every other project: on a small machine its processes would starve the browser journeys.
            sequence: { groupOrder: 1 },
            // One cluster at a time: two clusters (cluster.test.ts, faults.test.ts) on two cores starve each other
            // into nginx 502s and timed jobs past their deadline.
            fileParallelism: false,
            environment: "node",
            testTimeout: 90_000,
            hookTimeout: 240_000,
          },
        },
        {
          test: {
            name: "e2e",
            include: ["tests/e2e/**/*.test.ts"],
            environment: "node",
            globalSetup: ["tests/e2e/support/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // Each file starts a store of its own and a browser: two at a time, beside the other projects' files.
            maxWorkers: WORKERS,
            // The worker and Playwright stay loaded from file to file: about 1 s of a core less per file, measured.
            ...SHARED_WORKERS,
            // No retry: every wait has an explicit, generous deadline instead (tests/e2e/support/waits.ts), so a
            // journey that fails is a real break or a real flake to fix, never hidden.
            expect: { poll: { timeout: E2E_WAIT_MS, interval: E2E_POLL_INTERVAL_MS } },
          },
        },
      ],
    },
  };
});
