// The orders row of issue 27: wrk (its own process, 1 thread, 50 connections) places orders for 10 customers, one
// article each, every request with a fresh Idempotency-Key, against the store in a process of its own
// (orders-server.ts); then every acknowledged order is looked up, every charge matched to an order and every balance
// checked, the time the mail and document backlog takes to drain is measured, and the server's CPU per order read
// from /proc. Alone: `npx tsx scripts/bench/orders-wrk.ts [postgres-url]`.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { readAcks, type OrdersCheck } from "./orders-integrity";
import { cpuMsOf, machineTicks, CONNECTIONS as ROW_CONNECTIONS, stealPercent } from "./load";
import { START_ENV } from "./start-command";

const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((file) => fs.existsSync(file));
const root = path.resolve(import.meta.dirname, "../..");
/** The row's 50; BENCH_ORDER_CONNECTIONS=1 for a profile of one order at a time (no queueing in the samples). */
const CONNECTIONS = Number(process.env.BENCH_ORDER_CONNECTIONS ?? ROW_CONNECTIONS);

/** Issue 27's aims for this row. */
export const ORDERS_AIMS = { sqlite: 600, postgres: 400, p99Ms: 200, drainS: 60, cpuMs: 2 } as const;

export interface OrdersRun {
  label: string;
  requests: number;
  seconds: number;
  ordersPerSecond: number;
  /** wrk's latency percentiles over the burst. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  socketErrors: number;
  cpuMsPerOrder: number | null;
  /** The main thread's share of it: the event loop (requests, and the job runner if it ran during the burst). */
  mainCpuMsPerOrder: number | null;
  /**
   * The request path alone: the main thread's CPU per order over a second burst as long, after the drain, with the
   * job runner held (its renders then wait for the end). The aim's measure; null when a figure was missing.
   */
  requestPathCpuMsPerOrder: number | null;
  /** The server's CPU from the end of the burst until the backlog drained, per order of the burst. */
  drainCpuMsPerOrder: number | null;
  check: OrdersCheck;
  drain: { ms: number; left: number; kinds: Record<string, number> };
  /** The machine's load averages (1, 5, 15 min) at the end of the burst: a loaded machine's rate is not a quiet one's. */
  load: number[];
  /** The share of the machine's CPU the host took away over the burst (a virtual machine's steal, /proc/stat), %. */
  steal: number | null;
  /** How long the server's event loop was held up during the burst (ms): p50, p99 and the longest; and how long the
   * server took over a request once Node had read it (`handled`), against which wrk's latency shows the wait before. */
  loop: { p50: number; p99: number; max: number; handled: { p50: number; p99: number; max: number } };
}

interface Ready {
  url: string;
  pid: number;
  body: string;
  customers: Array<{ id: string; token: string }>;
}

/** The end of every wrk script here: the latency percentiles in the words runWrk() reads back. */
const WRK_PERCENTILES = `done = function(summary, latency, requests)
  io.write(string.format("p50_us %d p95_us %d p99_us %d\\n", latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end`;

/** The Lua script: a fresh Idempotency-Key per request, customers in turn, each answer's status and order id logged. */
function luaScript(ready: Ready, acksFile: string): string {
  return `
local tokens = {${ready.customers.map((c) => JSON.stringify(c.token)).join(", ")}}
local body = ${JSON.stringify(ready.body)}
local counter = 0
local prefix = ""
local acks = nil
function init(args)
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
  prefix = string.format("%08x%08x", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff))
  acks = io.open(${JSON.stringify(acksFile)}, "a")
end
function request()
  counter = counter + 1
  local headers = {}
  headers["Content-Type"] = "application/json"
  headers["Authorization"] = "Bearer " .. tokens[(counter % #tokens) + 1]
  headers["Idempotency-Key"] = prefix .. "-" .. counter
  return wrk.format("POST", "/api/orders", headers, body)
end
function response(status, headers, body)
  acks:write(status, " ", (string.match(body, '"id":"([^"]+)"') or ""), "\\n")
end
${WRK_PERCENTILES}
`;
}

/** orders-server.ts compiled as scripts/build.mjs compiles the server (scripts/server-bundle.mjs); the entry's path. Built once per bench process. */
let compiled: Promise<string> | undefined;
function compileServer(): Promise<string> {
  compiled ??= (async () => {
    const { bundleServer } = await import("../server-bundle.mjs");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-orders-server-"));
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    await bundleServer({ main: "scripts/bench/orders-server.ts" }, dir);
    // Packages resolve from the repository's node_modules, as the build's do from its own place in the repository.
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    return path.join(dir, "main.js");
  })();
  return compiled;
}

/** Starts orders-server.ts (SQLite without a URL) and waits for its READY line. */
async function startServer(
  databaseUrl: string | undefined,
): Promise<{ child: ChildProcess; ready: Ready; ask: (line: string) => Promise<unknown> }> {
  const args = ["--max-semi-space-size=16", await compileServer()];
  if (databaseUrl) args.push(databaseUrl);
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), ...args], {
    cwd: root,
    // The environment `npm start` sets (its malloc arena), as the store runs.
    env: { ...process.env, ...START_ENV, NODE_ENV: "production" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const { stdin, stdout } = child;
  const lines = readline.createInterface({ input: stdout });
  const waiting: Array<(line: string) => void> = [];
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the orders server exited with ${code}`)));
    lines.on("line", (line) => {
      if (line.startsWith("READY ")) {
        const ready = JSON.parse(line.slice(6)) as Ready;
        const ask = (command: string) =>
          new Promise<unknown>((answer) => {
            waiting.push((text) => answer(JSON.parse(text)));
            stdin.write(`${command}\n`);
          });
        resolve({ child, ready, ask });
      } else waiting.shift()?.(line);
    });
  });
}

/** wrk against the server for `seconds`: requests, p99 and socket errors as wrk printed them. */
function runWrk(
  url: string,
  script: string,
  seconds: number,
): Promise<{ requests: number; p50Ms: number; p95Ms: number; p99Ms: number; socketErrors: number; non2xx: number; seconds: number }> {
  if (!WRK) throw new Error("wrk is not installed (apt-get install wrk)");
  const child = spawn(WRK, ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "30s", "-s", script, url], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const started = performance.now();
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk failed: ${out}`));
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
        p50Ms: Number(/p50_us (\d+)/.exec(out)?.[1] ?? 0) / 1000,
        p95Ms: Number(/p95_us (\d+)/.exec(out)?.[1] ?? 0) / 1000,
        p99Ms: Number(/p99_us (\d+)/.exec(out)?.[1] ?? 0) / 1000,
        socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
        seconds: Math.min(seconds, (performance.now() - started) / 1000),
      });
    }),
  );
}

/**
 * A bare node:http server spending `cpuMs` of CPU on each answer, in a process of its own, on `sockets` listening
 * sockets (SO_REUSEPORT, handing their connections to the server as server/http/accept-sockets.ts does).
 */
const BARE_SERVER = `
const http = require("node:http");
const net = require("node:net");
const cpuMs = Number(process.argv[1]);
const sockets = Number(process.argv[2]);
const server = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    const until = performance.now() + cpuMs;
    while (performance.now() < until);
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
server.listen({ port: 0, host: "127.0.0.1", reusePort: sockets > 1 }, () => {
  const port = server.address().port;
  let open = 1;
  const listening = () => ++open === sockets && console.log(port);
  if (sockets === 1) console.log(port);
  for (let index = 1; index < sockets; index++)
    net.createServer({ noDelay: true }, (socket) => server.emit("connection", socket)).listen({ port, host: "127.0.0.1", reusePort: true }, listening);
});
`;

/**
 * The same wrk burst (50 connections opened at its start, POSTs) against a bare node:http server that spends as much
 * CPU on each answer as the store spends on an order (`cpuMs`). libuv accepts one connection per listening socket per
 * turn of the event loop, and a busy turn serves every request already read first: with one socket (Node's default)
 * the last of 50 connections opened at once waited ~1.5 s here, and wrk's correction for coordinated omission adds
 * samples for each such wait; the store listens on ACCEPT_SOCKETS sockets (perf notes).
 */
export async function bareServerBurst(
  seconds: number,
  cpuMs: number,
  sockets: number,
): Promise<{ p99Ms: number; answers: number; failed: number }> {
  const child = spawn(process.execPath, ["-e", BARE_SERVER, String(cpuMs), String(sockets)], { stdio: ["ignore", "pipe", "inherit"] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
      readline.createInterface({ input: child.stdout }).once("line", resolve);
    });
    const script = path.join(dir, "bare.lua");
    fs.writeFileSync(
      script,
      `wrk.method = "POST"
wrk.body = "{}"
wrk.headers["Content-Type"] = "application/json"
${WRK_PERCENTILES}
`,
    );
    const url = `http://127.0.0.1:${port}/`;
    await runWrk(url, script, 2); // warm-up, as the store's
    const burst = await runWrk(url, script, seconds);
    return { p99Ms: burst.p99Ms, answers: burst.requests, failed: burst.socketErrors + burst.non2xx };
  } finally {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One run of the orders row on SQLite (no URL) or PostgreSQL: a warm-up, the burst, then the checks. */
export async function ordersRun(label: string, databaseUrl: string | undefined, seconds: number): Promise<OrdersRun> {
  const { child, ready, ask } = await startServer(databaseUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-orders-"));
  try {
    const acks = path.join(dir, "acks.txt");
    const script = path.join(dir, "orders.lua");
    const warmup = path.join(dir, "warmup.txt");
    fs.writeFileSync(script, luaScript(ready, warmup));
    await runWrk(ready.url, script, 2); // warm-up: JIT, connections, the first orders' rendering
    const jobs = process.env.BENCH_JOBS !== "off";
    await ask(`drain ${jobs ? 60_000 : 0}`);
    fs.writeFileSync(script, luaScript(ready, acks));
    await ask("loop");
    const before = cpuMsOf(ready.pid);
    const mainBefore = cpuMsOf(ready.pid, ready.pid);
    const machineBefore = machineTicks();
    const burst = await runWrk(ready.url, script, seconds);
    const steal = stealPercent(machineBefore, machineTicks());
    const after = cpuMsOf(ready.pid);
    const mainAfter = cpuMsOf(ready.pid, ready.pid);
    const load = os.loadavg();
    const loop = (await ask("loop")) as OrdersRun["loop"];
    const drain = (await ask(`drain ${jobs ? ORDERS_AIMS.drainS * 1000 * 2 : 0}`)) as OrdersRun["drain"];
    const drained = cpuMsOf(ready.pid);
    const requestPath = jobs ? await heldBurst(ready, ask, script, warmup, seconds) : null;
    // The held burst's orders were appended to the warm-up's answers: checked with them, not counted in the row.
    const check = (await ask(`check ${acks} ${warmup}`)) as OrdersCheck;
    // Every order the store's answers acknowledged (the warm-up's too) is counted against the CPU of the burst's only.
    const orders = check.statuses["200"] ?? 0;
    const main = mainBefore === null || mainAfter === null || orders === 0 ? null : (mainAfter - mainBefore) / orders;
    return {
      label,
      requests: burst.requests,
      seconds: burst.seconds,
      ordersPerSecond: orders / burst.seconds,
      p50Ms: burst.p50Ms,
      p95Ms: burst.p95Ms,
      p99Ms: burst.p99Ms,
      socketErrors: burst.socketErrors,
      cpuMsPerOrder: before === null || after === null || orders === 0 ? null : (after - before) / orders,
      mainCpuMsPerOrder: main,
      // Without the job runner (BENCH_JOBS=off) the burst itself was the request path alone.
      requestPathCpuMsPerOrder: jobs ? requestPath : main,
      drainCpuMsPerOrder: after === null || drained === null || orders === 0 ? null : (drained - after) / orders,
      check,
      drain,
      load,
      steal,
      loop,
    };
  } finally {
    child.stdin?.write("close\n");
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A burst of `seconds` with the job runner held, its answers appended to `answersFile`: the main thread's CPU per
 * order then is the request path's alone (the HTTP handling, the placing transaction and its answer). The runner is
 * let go again afterwards.
 */
async function heldBurst(ready: Ready, ask: (line: string) => Promise<unknown>, script: string, answersFile: string, seconds: number): Promise<number | null> {
  await ask("jobs stop");
  fs.writeFileSync(script, luaScript(ready, answersFile));
  const answered = () => Object.values(readAcks(answersFile).statuses).reduce((sum, n) => sum + n, 0);
  const placed = () => readAcks(answersFile).statuses["200"] ?? 0;
  const [answeredBefore, placedBefore] = [answered(), placed()];
  const before = cpuMsOf(ready.pid, ready.pid);
  const burst = await runWrk(ready.url, script, seconds);
  const after = cpuMsOf(ready.pid, ready.pid);
  await ask("jobs start");
  const orders = placed() - placedBefore;
  // Only a burst whose every answer placed an order gives the figure.
  const allPlaced = burst.socketErrors === 0 && orders > 0 && answered() - answeredBefore === orders;
  return before === null || after === null || !allPlaced ? null : (after - before) / orders;
}

const verdict = (met: boolean) => (met ? "MET" : "NOT MET");

/** The row's lines: figures, the checks, and MET / NOT MET against each aim. */
export function describeOrdersRun(run: OrdersRun, aim: number): string[] {
  const { check, drain } = run;
  const statuses = Object.entries(check.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  const integrity = check.ok
    ? `all ${check.acknowledged} acknowledged orders (and the warm-up's) stored, ${check.charges} charges = ${check.stored} orders, ${check.wrongBalances} wrong balances: OK`
    : `INTEGRITY FAILED: ${check.unlisted} acknowledged orders missing, ${check.strayCharges} stray charges, ${check.charges} charges for ${check.stored} orders, ${check.wrongBalances} wrong balances`;
  const allOk = Object.keys(check.statuses).every((status) => status === "200") && run.socketErrors === 0;
  const cpu = run.cpuMsPerOrder;
  const main = run.mainCpuMsPerOrder;
  const requestPath = run.requestPathCpuMsPerOrder;
  const ms = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(2)} ms`);
  const drained = drain.left === 0 && drain.ms <= ORDERS_AIMS.drainS * 1000;
  return [
    `orders placed/s, ${run.label}, wrk ${CONNECTIONS} connections, 10 customers, fresh Idempotency-Key: ${run.ordersPerSecond.toFixed(0)} (aim >= ${aim}) ${verdict(run.ordersPerSecond >= aim && check.ok && allOk)}; p99 ${run.p99Ms.toFixed(0)} ms (aim <= ${ORDERS_AIMS.p99Ms}) ${verdict(run.p99Ms <= ORDERS_AIMS.p99Ms)}; load average ${run.load.map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} cores; ${run.steal === null ? "CPU stolen by the host: unknown" : `${run.steal.toFixed(1)} % of the CPU stolen by the host over the burst`}`,
    `  answers ${statuses || "none"}; ${run.socketErrors} socket errors; ${integrity}; event loop delay over the burst p50 ${run.loop.p50} ms, p99 ${run.loop.p99} ms, max ${run.loop.max} ms; wrk's latency p50 ${run.p50Ms.toFixed(0)} ms, p95 ${run.p95Ms.toFixed(0)} ms, against a request's time from Node's reading it to its answer p50 ${run.loop.handled.p50} ms, p99 ${run.loop.handled.p99} ms, max ${run.loop.handled.max} ms`,
    `  server CPU per order: the request path alone (the main thread over a second burst with the job runner held) ${ms(requestPath)} (aim <= ${ORDERS_AIMS.cpuMs}) ${verdict(requestPath !== null && requestPath <= ORDERS_AIMS.cpuMs)}; over the burst the main thread ${ms(main)} (the request path and the job runner's renders during it), whole process ${ms(cpu)} (also its other threads: GC, libuv, on SQLite the checkpointer); after the burst ${run.drainCpuMsPerOrder === null ? "n/a" : `${run.drainCpuMsPerOrder.toFixed(2)} ms`} per order until drained; backlog after the burst (${
      Object.entries(drain.kinds)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(", ") || "none"
    }) drained in ${(drain.ms / 1000).toFixed(1)} s${drain.left ? `, ${drain.left} LEFT` : ""} (aim <= ${ORDERS_AIMS.drainS} s) ${verdict(drained)}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.argv[2];
  ordersRun(url ? "PostgreSQL" : "SQLite", url, Number(process.env.BENCH_SECONDS ?? 8))
    .then((run) => {
      for (const line of describeOrdersRun(run, url ? ORDERS_AIMS.postgres : ORDERS_AIMS.sqlite)) console.log(line);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
