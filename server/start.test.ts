import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { assembleStore, serveWhenReady, type StartedStore } from "./start";
import { freePort } from "./test/free-port";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function store(): Promise<StartedStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-start-"));
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, DEMO_DATA: "false", JWT_SECRET: "test-secret-test-secret-test-secret-0123" });
  const started = await assembleStore(config, undefined, { logger: false });
  cleanups.push(async () => {
    await started.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return started;
}

/** What a balancer sees when it connects: the status of /readyz, or the connection error. */
const knock = (port: number) =>
  fetch(`http://127.0.0.1:${port}/readyz`).then(
    (response) => response.status,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );

describe("starting an instance", () => {
  it("refuses connections while it migrates and seeds (a balancer goes elsewhere), and listens ready once done", async () => {
    const instance = await store();
    const port = await freePort();
    let release!: () => void;
    const migrating = new Promise<void>((resolve) => (release = resolve));
    const prepare = instance.prepare;
    let preparing!: () => void;
    const begun = new Promise<void>((resolve) => (preparing = resolve));
    instance.prepare = async () => {
      preparing();
      await migrating;
      await prepare();
    };

    const serving = serveWhenReady(instance, { port, host: "127.0.0.1" });
    await begun;
    expect(await knock(port)).toBe("ECONNREFUSED");
    release();
    await serving;
    expect(await knock(port)).toBe(200);
  });

  it("does not listen at all when a stop came while it prepared", async () => {
    const instance = await store();
    const port = await freePort();
    await serveWhenReady(instance, { port, host: "127.0.0.1" }, () => false);
    expect(await knock(port)).toBe("ECONNREFUSED");
  });
});
