// Bench section "platform": requests/s and p99 latency of POST /api/prices and the server-rendered home page (from
// the page cache and rendered each time), each next to a bare Fastify route answering a constant in the same run. The real app as `npm start` builds it
// (assembleStore, production build, SQLite in a temporary DATA_DIR, logger off).
// Alone: `npx tsx scripts/bench/platform.ts` (BENCH_SECONDS, BENCH_CONNECTIONS to change the load).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Fastify from "fastify";
import { loadConfig } from "../../server/config";
import { assembleStore } from "../../server/start";
import { measureHttp, type HttpLoad, type HttpTarget } from "./http-load";

const root = path.resolve(import.meta.dirname, "../..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function ensureBuild(): string {
  const buildDir = path.join(root, "build");
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new Error("react-router build failed");
  }
  return buildDir;
}

async function listen(app: { listen(options: { port: number; host: string }): Promise<string> }): Promise<string> {
  return app.listen({ port: 0, host: "127.0.0.1" });
}

function row(name: string, load: HttpLoad, bare: HttpLoad): string {
  const ratio = load.requestsPerSecond / bare.requestsPerSecond;
  return [
    name.padEnd(28),
    load.requestsPerSecond.toFixed(0).padStart(9),
    (load.p99Ms < 1 ? "<1" : load.p99Ms.toFixed(0)).padStart(8),
    `${(ratio * 100).toFixed(ratio < 0.01 ? 2 : 1)}%`.padStart(10),
    String(load.failures).padStart(9),
  ].join("  ");
}

export async function benchPlatform(log: (line: string) => void = console.log): Promise<void> {
  const buildDir = ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-bench-"));
  const config = loadConfig({
    NODE_ENV: "production",
    PAYMENT_PROVIDER: "sandbox",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    JWT_SECRET: randomUUID() + randomUUID(),
  });
  const store = await assembleStore(config, { buildDir }, { logger: false });
  await store.prepare();
  const bare = Fastify({ logger: false });
  bare.get("/", async () => ({ ok: true }));
  try {
    const [storeUrl, bareUrl] = await Promise.all([listen(store.app), listen(bare)]);
    const measure = (target: HttpTarget) => measureHttp(target, { seconds: SECONDS, connections: CONNECTIONS });
    const constant = await measure({ url: bareUrl });
    const prices = await measure({ url: `${storeUrl}/api/prices`, method: "POST", body: { currency: "EUR" } });
    const home = await measure({ url: `${storeUrl}/` });
    // A query string keeps a request out of the page cache: this is the cost of rendering the page each time.
    const rendered = await measure({ url: `${storeUrl}/?bench=render` });
    log(`platform: SQLite, ${CONNECTIONS} connections, ${SECONDS} s per line after a 1 s warm-up, ${os.cpus().length} cores`);
    log(["".padEnd(28), "req/s".padStart(9), "p99 ms".padStart(8), "of bare".padStart(10), "failures".padStart(9)].join("  "));
    log(row("bare Fastify, constant", constant, constant));
    log(row("POST /api/prices", prices, constant));
    log(row("GET / (page cache)", home, constant));
    log(row("GET /?bench=render (SSR)", rendered, constant));
  } finally {
    await bare.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchPlatform().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
