import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "contract/**/*.test.ts", "content/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "app",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          // Three instances behind nginx on PostgreSQL, Redis and S3 (scripts/cluster); skipped without nginx.
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          // After every other project: on a small machine its processes would starve the browser journeys.
          sequence: { groupOrder: 1 },
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
          fileParallelism: false,
        },
      },
    ],
  },
});
