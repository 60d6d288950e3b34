import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { assembleStore } from "../start";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-ready-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("readiness", () => {
  it("answers 503 until migrated and seeded, then 200, and 503 again while draining", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DEMO_DATA: "false", JWT_SECRET: "r".repeat(40) });
    const store = await assembleStore(config, undefined, { logger: false });
    try {
      const call = (url: string, method = "GET") =>
        store.app.inject({ method: method as "GET", url, ...(method === "POST" ? { payload: { currency: "EUR" } } : {}) });

      const starting = await call("/readyz");
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toMatchObject({ status: "unavailable", state: "starting" });
      expect((await call("/healthz")).statusCode).toBe(200);
      const early = await call("/api/prices", "POST");
      expect(early.statusCode).toBe(503);
      expect(early.headers["retry-after"]).toBe("2");
      expect(early.json()).toMatchObject({ status: 503, detail: "The store is restarting. Try again in a few seconds." });

      await store.prepare();
      expect((await call("/readyz")).json()).toEqual({ status: "ok", state: "ready", dependencies: { database: "up" } });
      expect((await call("/api/prices", "POST")).statusCode).toBe(200);

      store.readiness.drain();
      const draining = await call("/readyz");
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ state: "draining" });
      // Draining still serves what arrives: only the balancer is told to stop sending.
      expect((await call("/api/prices", "POST")).statusCode).toBe(200);
    } finally {
      await store.close();
    }
  });
});
