// Bench section "page cache": requests per second for a cached service page next to a bare node:http server
// sending the same bytes, in the same run, and their ratio (aim: at least 0.5); then the gzipped JavaScript the
// home page loads (aim: at most 150 KB). Store and baseline run as processes of their own; autocannon drives both.
// Alone: `npx tsx scripts/bench/page-cache.ts` (BENCH_SECONDS, default 8; BUILD_DIR: measure that build instead of
// making a fresh one, so the figures always match the sources).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "../..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const PAGE = "/services/article-forge";
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", "accept-language": "en-GB,en;q=0.9" };
const JS_BUDGET_KB = 150;
/** Store and baseline take turns in short rounds, so load from anything else on the machine hits both alike. */
const ROUNDS = 4;

function build(buildDir: string): void {
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, env: { ...process.env, BUILD_DIR: buildDir }, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error("react-router build failed");
}

/** Starts a child process and resolves with it once `ready(stdoutSoFar)` gives a URL. */
function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: (output: string) => Promise<string | null>) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`${args.join(" ")} exited with ${child.exitCode}`));
      const url = await ready(output).catch(() => null);
      if (url) return resolve({ child, url });
      if (Date.now() > deadline) return reject(new Error(`${args.join(" ")} did not start`));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}

interface Throughput {
  requests: number;
  seconds: number;
  p99: number;
  failed: number;
}

async function round(url: string, seconds: number, total: Throughput): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS });
  total.requests += result.requests.total;
  total.seconds += seconds;
  total.p99 = Math.max(total.p99, result.latency.p99);
  total.failed += result.non2xx + result.errors;
}

const perSecond = (total: Throughput) => total.requests / total.seconds;

/** Gzipped bytes of the JavaScript a first visit to the home page loads: module preloads and the entry's imports. */
function homeJavaScript(html: string, clientDir: string): { files: number; gzipBytes: number } {
  const hrefs = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) hrefs.add(match[1]!);
  for (const match of html.matchAll(/(?:import|from)\s*"(\/assets\/[^"]+\.js)"/g)) hrefs.add(match[1]!);
  let gzipBytes = 0;
  for (const href of hrefs) gzipBytes += gzipSync(fs.readFileSync(path.join(clientDir, href))).length;
  return { files: hrefs.size, gzipBytes };
}

export async function benchPageCache(log: (line: string) => void = console.log): Promise<void> {
  const given = process.env.BUILD_DIR;
  const buildDir = path.resolve(root, given ?? path.join(".e2e-build", `bench-${process.pid}`));
  if (!given) build(buildDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-bench-pages-"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const store = await startProcess(
    ["--import", "tsx", "server/main.ts"],
    { ...process.env, NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", DEMO_DATA: "false", BUILD_DIR: buildDir },
    async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? `http://127.0.0.1:${port}` : null),
  );
  let baseline: { child: ChildProcess; url: string } | null = null;
  try {
    const first = await fetch(store.url + PAGE, { headers: BROWSER_HEADERS });
    await first.arrayBuffer();
    const cached = await fetch(store.url + PAGE, { headers: BROWSER_HEADERS });
    if (cached.headers.get("x-page-cache") !== "hit") throw new Error(`${PAGE} is not served from the page cache`);
    // The bytes the store sends: fetch decodes them, so encode them again as the page cache does (brotli 9).
    const html = Buffer.from(await cached.arrayBuffer());
    const encoding = cached.headers.get("content-encoding") ?? "";
    const bytesFile = path.join(dataDir, "page.bin");
    const encoded = encoding === "br" ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : encoding === "gzip" ? gzipSync(html, { level: 9 }) : html;
    fs.writeFileSync(bytesFile, encoded);
    baseline = await startProcess(["--import", "tsx", "scripts/bench/page-cache-static.ts", bytesFile, encoding], process.env, async (output) =>
      /^\d+\n/.test(output) ? `http://127.0.0.1:${output.trim()}` : null,
    );

    const cachedRun: Throughput = { requests: 0, seconds: 0, p99: 0, failed: 0 };
    const staticRun: Throughput = { requests: 0, seconds: 0, p99: 0, failed: 0 };
    // Warm-up (not counted): both processes reach steady state (JIT, socket pools) before the measured rounds.
    await round(store.url + PAGE, 3, { requests: 0, seconds: 0, p99: 0, failed: 0 });
    await round(baseline.url + "/", 3, { requests: 0, seconds: 0, p99: 0, failed: 0 });
    for (let turn = 0; turn < ROUNDS; turn++) {
      await round(store.url + PAGE, SECONDS / ROUNDS, cachedRun);
      await round(baseline.url + "/", SECONDS / ROUNDS, staticRun);
    }
    const ratio = perSecond(cachedRun) / perSecond(staticRun);
    log(`cached service page ${PAGE} req/s, ${CONNECTIONS} connections, ${encoding || "identity"} ${encoded.length} B: ${perSecond(cachedRun).toFixed(0)} (worst p99 ${cachedRun.p99} ms, ${cachedRun.failed} non-2xx/errors)`);
    log(`bare node:http server, same bytes, req/s: ${perSecond(staticRun).toFixed(0)} (worst p99 ${staticRun.p99} ms)`);
    log(`page cache / static ratio: ${ratio.toFixed(2)} (aim >= 0.5) ${ratio >= 0.5 ? "OK" : "BELOW AIM"}`);

    const home = await (await fetch(store.url + "/", { headers: BROWSER_HEADERS })).text();
    const js = homeJavaScript(home, path.join(buildDir, "client"));
    const kb = js.gzipBytes / 1024;
    log(`home page JavaScript, gzipped, ${js.files} files (modulepreload + entry): ${kb.toFixed(1)} KB (budget ${JS_BUDGET_KB} KB) ${kb <= JS_BUDGET_KB ? "OK" : "OVER BUDGET"}`);
  } finally {
    if (baseline) await stop(baseline.child);
    await stop(store.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!given) fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchPageCache().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
