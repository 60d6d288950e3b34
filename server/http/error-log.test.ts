import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config";
import { assembleStore } from "../start";
import { writeFakePageBuild } from "../test/fake-page-build";
import { startTestStore, type TestStore } from "../test/test-store";

type LogLine = Record<string, unknown>;

/** Whether a log line carries a stack trace (pino writes an error's under `err.stack`). */
const hasStack = (line: LogLine) => /\bstack\b|\n\s+at /.test(JSON.stringify(line));

describe("the log of a client's mistake on a page or the API", () => {
  const lines: LogLine[] = [];
  const build = writeFakePageBuild();
  let store: TestStore;
  let stderr: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    store = await startTestStore({ LOG_LEVEL: "info", LOG_SAMPLE: "1" }, { log: (line) => lines.push(line), ssr: { buildDir: build.buildDir } });
  });
  afterAll(async () => {
    await store?.close();
    build.remove();
  });
  beforeAll(() => {
    // React Router prints what it reports with console.error when the build has no handleError of its own.
    stderr = vi.spyOn(console, "error");
  });
  afterEach(() => stderr.mockClear());
  afterAll(() => stderr.mockRestore());

  /** The log lines of one answer, found by the request id it was sent back with. */
  const linesOf = (answer: { headers: Headers }) => lines.filter((line) => line.reqId === answer.headers.get("x-request-id"));

  it.each([
    ["a page that has no action for the method", "DELETE", "/services", {}, 405],
    ["a page that does not exist", "GET", "/no-such-page", {}, 404],
    ["a form posted to a page from another site", "POST", "/services", { origin: "https://elsewhere.example", "content-type": "application/x-www-form-urlencoded" }, 400],
    ["an API path that does not exist", "DELETE", "/api/services", {}, 404],
    ["an API body that does not parse", "POST", "/api/prices", { "content-type": "application/json" }, 400],
  ])("%s is one line without a stack", async (_name, method, url, headers, status) => {
    const answer = await store.call(url, { method, headers, ...(method === "POST" ? { raw: "{" } : {}) });
    expect(answer.status).toBe(status);
    const logged = linesOf(answer);
    expect(logged).toEqual([expect.objectContaining({ level: 30, msg: "request", method, url, status })]);
    expect(logged.filter(hasStack)).toEqual([]);
    expect(stderr).not.toHaveBeenCalled();
  });

  it("a page whose loader fails still logs the error with its stack", async () => {
    const answer = await store.call("/boom");
    expect(answer.status).toBe(500);
    const logged = linesOf(answer);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, msg: "page failed", err: expect.objectContaining({ message: "the loader broke", stack: expect.stringContaining("\n    at ") }) }),
    );
    expect(logged).toContainEqual(expect.objectContaining({ level: 50, msg: "request failed", status: 500 }));
    expect(stderr).not.toHaveBeenCalled();
  });
});

describe("the log of a 503 the store answers on purpose", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-refused-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // LOG_SAMPLE=0 is production's default (no request lines), 1 the rest's: either way one line.
  it.each(["0", "1"])("is one warn line naming why, without a stack (LOG_SAMPLE=%s)", async (sample) => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", LOG_SAMPLE: sample, DATA_DIR: dataDir, DEMO_DATA: "false", JWT_SECRET: "r".repeat(40) });
    const lines: LogLine[] = [];
    const store = await assembleStore(config, undefined, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    try {
      // Not ready yet (migrating): every request but the health checks gets the contract's 503.
      const early = await store.app.inject({ method: "POST", url: "/api/prices", payload: { currency: "EUR" } });
      expect(early.statusCode).toBe(503);
      const logged = lines.filter((line) => line.reqId === early.headers["x-request-id"]);
      expect(logged).toEqual([expect.objectContaining({ level: 40, msg: "request refused", method: "POST", url: "/api/prices", status: 503, reason: "detail.503" })]);
      expect(logged.filter(hasStack)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
