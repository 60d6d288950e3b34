// Bench section "start" (issue 27): cold start of `npm start` (already built) to the first 200 on `/` (aim <= 1.0 s),
// the store's RSS once started (aim <= 110 MB) and its peak RSS under 60 s of uncached rendering over several pages
// (aim <= 200 MB), each checked: the start answers `/` with 200, and the load's requests answered 200.
// Alone: `npx tsx scripts/bench/start-memory.ts` (BUILD_DIR: measure that build; MEMORY_SECONDS, default 60).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../../server/test/free-port";
import { build } from "./page-cache";
import { peakRssMb, rssMb, rssPartsMb } from "./load";
import { START_COMMAND, START_ENV, START_WORDS } from "./start-command";
import { renderPagesRound } from "./wrk-pages";

const root = path.resolve(import.meta.dirname, "../..");
const START_AIM_S = 1.0;
const RSS_START_AIM_MB = 110;
const RSS_PEAK_AIM_MB = 200;
const ROUNDS = 3;
const SETTLE_SECONDS = 30;
const LOAD_SECONDS = Number(process.env.MEMORY_SECONDS ?? 60);
/** Pages a visitor reads, each rendered anew (a query string keeps it out of the page cache). */
const PAGES = [
  "/",
  "/es",
  "/services",
  "/services/investor-deck",
  "/es/bundles/launch-essentials-kit",
  "/es/about-us",
  "/contact-us",
];

interface Started {
  child: ChildProcess;
  url: string;
  /** Seconds from spawn to the first 200 on `/`. */
  seconds: number;
  /** The process that serves (npm's child, which runs the server itself: scripts/start.mjs), for its RSS. */
  serverPid: number | undefined;
}

/** The deepest last child of `pid`: the node process `npm start` ends up running the store in. */
function serverPidOf(pid: number | undefined): number | undefined {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return children.length ? serverPidOf(Number(children.at(-1))) : pid;
  } catch {
    return pid;
  }
}

/** Spawns `command` and polls `/` every 5 ms until it answers 200 (within 60 s). */
async function startTimed(command: string, args: string[], dataDir: string, buildDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const { NODE_ENV: _unset, ...env } = process.env;
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, ...extraEnv, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  while (performance.now() - began < 60_000) {
    if (child.exitCode !== null) break;
    const status = await fetch(url + "/").then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200)
      return { child, url, seconds: (performance.now() - began) / 1000, serverPid: serverPidOf(child.pid) };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stopGroup(child);
  throw new Error(`${command} ${args.join(" ")} gave no 200 on / within 60 s`);
}

/** Stops `npm start` and what it started (its own process group). */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid, "SIGTERM");
  await exited;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const met = (ok: boolean) => (ok ? "MET" : "NOT MET");

/** Cold starts of an already-prepared store: `npm start`, and the node command line it runs, without npm. */
async function coldStarts(log: (line: string) => void, buildDir: string, dataDir: string): Promise<void> {
  const first = await startTimed("npm", ["start", "--silent"], dataDir, buildDir);
  await stopGroup(first.child);
  log(
    `first start ever (empty DATA_DIR: migrations, catalogue and demo data), npm start to the first 200 on /: ${first.seconds.toFixed(2)} s`,
  );
  const npm: number[] = [];
  const node: number[] = [];
  for (let turn = 0; turn < ROUNDS; turn++) {
    const viaNpm = await startTimed("npm", ["start", "--silent"], dataDir, buildDir);
    npm.push(viaNpm.seconds);
    await stopGroup(viaNpm.child);
    const direct = await startTimed(process.execPath, START_COMMAND.slice(1), dataDir, buildDir, START_ENV);
    node.push(direct.seconds);
    await stopGroup(direct.child);
  }
  const list = (values: number[]) => values.map((s) => s.toFixed(2)).join(", ");
  log(
    `cold start, built and prepared, to the first 200 on /: npm start median ${median(npm).toFixed(2)} s (${list(npm)}); ${START_WORDS.join(" ")} median ${median(node).toFixed(2)} s (${list(node)})`,
  );
  log(
    `  cold start (npm start): ${median(npm).toFixed(2)} s (aim <= ${START_AIM_S} s) ${met(median(npm) <= START_AIM_S)}`,
  );
}

/** RSS once started and idle, then the peak under uncached rendering from wrk over several pages. */
async function memory(log: (line: string) => void, buildDir: string, dataDir: string): Promise<void> {
  const store = await startTimed("npm", ["start", "--silent"], dataDir, buildDir);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const early = rssMb(store.serverPid);
    // V8's memory reducer shrinks the heap some 10-15 s after the start's collection (server/after-start.ts).
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000 - 2000));
    const idle = rssMb(store.serverPid);
    const parts = rssPartsMb(store.serverPid);
    const split = parts ? ` (anonymous ${parts.anon.toFixed(0)} MB, file pages ${parts.file.toFixed(0)} MB)` : "";
    log(`RSS once started (npm start, first page answered): ${early?.toFixed(0)} MB 2 s later, ${idle?.toFixed(0)} MB ${SETTLE_SECONDS} s later${split}`);
    log(
      `  RSS at start (idle ${SETTLE_SECONDS} s after the first page): ${idle?.toFixed(0)} MB (aim <= ${RSS_START_AIM_MB} MB) ${met(idle !== null && idle <= RSS_START_AIM_MB)}`,
    );
    const run = await renderPagesRound(store.url, PAGES, LOAD_SECONDS);
    const peak = peakRssMb(store.serverPid);
    const after = rssMb(store.serverPid);
    log(
      `uncached rendering, ${PAGES.length} pages in turn, ${LOAD_SECONDS} s: ${run.requests} pages (${(run.requests / LOAD_SECONDS).toFixed(0)}/s), ${run.failed} not 200${run.failed ? ` (${run.detail})` : ""}; RSS after ${after?.toFixed(0)} MB`,
    );
    const ok = peak !== null && peak <= RSS_PEAK_AIM_MB && run.failed === 0 && run.requests > 0;
    log(
      `  peak RSS under ${LOAD_SECONDS} s of rendering: ${peak?.toFixed(0)} MB (aim <= ${RSS_PEAK_AIM_MB} MB${run.failed ? `; ${run.failed} requests did not answer 200` : ""}) ${met(ok)}`,
    );
  } finally {
    await stopGroup(store.child);
  }
}

export async function benchStartMemory(log: (line: string) => void = console.log): Promise<void> {
  const given = process.env.BUILD_DIR;
  const buildDir = path.resolve(root, given ?? path.join(".e2e-build", `bench-start-${process.pid}`));
  if (!given) build(buildDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-bench-start-"));
  try {
    log("npm start without NODE_ENV (the try-out store, SQLite in a temporary DATA_DIR, as the README starts it)");
    await coldStarts(log, buildDir, dataDir);
    await memory(log, buildDir, dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!given) fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchStartMemory().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
