// Bench section "speed": issue 27's table, each row with its aim and whether it is met. The orders rows are measured
// here (orders.ts / orders-wrk.ts: wrk, 50 connections over 10 customers, fresh Idempotency-Key, integrity checked);
// the storefront rows come from the sections that measure them ("storefront-js": JavaScript until the network is idle;
// "pages": rendering against react-router-serve; "start": cold start and RSS; "lighthouse"), run here on one build,
// their own lines printed as they come and read back for the table. A row no section measured says so.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { benchLighthouse } from "./lighthouse";
import { ordersRows } from "./orders";
import { ORDERS_AIMS, type OrdersRun } from "./orders-wrk";
import { benchPageCache, build, RENDER_AIM } from "./page-cache";
import { benchStartMemory } from "./start-memory";
import { benchStorefrontJs } from "./storefront-js";

const root = path.resolve(import.meta.dirname, "../..");
const verdict = (met: boolean | null) => (met === null ? "NOT MEASURED" : met ? "MET" : "NOT MET");

interface Row {
  measure: string;
  now: string;
  aim: string;
  met: boolean | null;
}

function ordersRow(runs: { sqlite: OrdersRun; postgres: OrdersRun | null }): Row[] {
  const all = [runs.sqlite, runs.postgres].filter((run): run is OrdersRun => run !== null);
  const figure = (run: OrdersRun | null) =>
    run
      ? `${run.label} ${run.ordersPerSecond.toFixed(0)}/s, p99 ${run.p99Ms.toFixed(0)} ms, drained in ${(run.drain.ms / 1000).toFixed(1)} s${run.drain.left ? ` (${run.drain.left} left)` : ""}${run.steal === null ? "" : `, ${run.steal.toFixed(0)} % of the CPU stolen by the host`}${run.check.ok ? "" : ", INTEGRITY FAILED"}`
      : "PostgreSQL not measured";
  const fast = (run: OrdersRun | null, aim: number) =>
    run?.check.ok === true &&
    run.ordersPerSecond >= aim &&
    run.p99Ms <= ORDERS_AIMS.p99Ms &&
    run.drain.left === 0 &&
    run.drain.ms <= ORDERS_AIMS.drainS * 1000;
  // The aim is the request path's: the main thread (the event loop) over a burst with the job runner held; the main
  // thread and the whole process over the row's own burst, the renders during it included, are shown beside it.
  const cpu = all.map((run) => run.requestPathCpuMsPerOrder ?? Number.POSITIVE_INFINITY);
  return [
    {
      measure:
        "orders placed/s, wrk 50 connections over 10 customers, fresh Idempotency-Key, every balance and order checked",
      now: `${figure(runs.sqlite)}; ${figure(runs.postgres)}`,
      aim: `SQLite >= ${ORDERS_AIMS.sqlite}/s, PostgreSQL >= ${ORDERS_AIMS.postgres}/s, p99 <= ${ORDERS_AIMS.p99Ms} ms, backlog drained <= ${ORDERS_AIMS.drainS} s`,
      met: fast(runs.sqlite, ORDERS_AIMS.sqlite) && fast(runs.postgres, ORDERS_AIMS.postgres),
    },
    {
      measure: "server CPU per order (from /proc): the request path (main thread, job runner held); over the row's burst the main thread (whole process)",
      now: all
        .map(
          (run) =>
            `${run.label} ${(run.requestPathCpuMsPerOrder ?? Number.NaN).toFixed(2)} ms; ${(run.mainCpuMsPerOrder ?? Number.NaN).toFixed(2)} ms (${(run.cpuMsPerOrder ?? Number.NaN).toFixed(2)} ms; + ${(run.drainCpuMsPerOrder ?? Number.NaN).toFixed(2)} ms after it, rendering)`,
        )
        .join("; "),
      aim: `<= ${ORDERS_AIMS.cpuMs} ms on the request path`,
      met: cpu.length === 2 && cpu.every((ms) => ms <= ORDERS_AIMS.cpuMs),
    },
  ];
}

/** The line of `lines` that starts with (or contains) `text`, trimmed; undefined when the section printed none. */
const lineWith = (lines: string[], text: string | RegExp) =>
  lines.find((line) => (typeof text === "string" ? line.includes(text) : text.test(line)))?.trim();

/** The verdict a section printed at the end of its line (MET / NOT MET), or null when it printed no such line. */
const printed = (line: string | undefined) => (line === undefined ? null : !line.endsWith("NOT MET") && line.endsWith("MET"));

function javascriptRow(lines: string[]): Row {
  const pages = lines.filter((line) => / KB in \d+ files/.test(line));
  const home = pages.filter((line) => /^\/(es)?:/.test(line.trim()));
  return {
    measure: "JavaScript a visitor downloads until the network is idle, gzipped (section storefront-js)",
    now: pages.length ? pages.map((line) => line.replace(/ \(aim[^)]*\)/g, "").replace(/ (NOT )?MET$/, "")).join("; ") : "measured by section storefront-js (no line)",
    aim: "<= 130 KB on / (the issue's page; the others shown beside it), no back-office code ever fetched by a storefront page",
    met: pages.length ? home.length > 0 && home.every((line) => printed(line) === true) && pages.every((line) => line.includes("back-office files none")) : null,
  };
}

function renderRow(lines: string[]): Row {
  const render = lineWith(lines, "rendering / react-router-serve");
  // The aim is per page of CPU (a loaded machine still gives a fair ratio): react-router-serve's CPU ÷ the store's.
  const cpuRatio = /CPU per answer [\d.]+ \/ [\d.]+ ms, ratio ([\d.]+)/.exec(render ?? "")?.[1];
  const ratio = Number(cpuRatio ?? /ratio ([\d.]+)/.exec(render ?? "")?.[1] ?? Number.NaN);
  return {
    measure: "uncached render, store / react-router-serve on a same-size page (section pages)",
    now: render ? `ratio ${ratio.toFixed(2)} (${cpuRatio ? "CPU per page" : "req/s"})` : "measured by section pages (no line)",
    aim: `>= ${RENDER_AIM} (CPU per page ratio)`,
    met: render ? ratio >= RENDER_AIM && !render.includes("failed answers") : null,
  };
}

function startRows(lines: string[]): Row[] {
  const row = (text: string, measure: string, aim: string): Row => {
    const line = lineWith(lines, text);
    return { measure: `${measure} (section start)`, now: line?.replace(/ \(aim[^)]*\)/, "").replace(/ (NOT )?MET$/, "") ?? "no line", aim, met: printed(line) };
  };
  return [
    row("RSS at start", "RSS at start", "<= 110 MB"),
    row("peak RSS under", "peak RSS under 60 s of rendering", "<= 200 MB"),
    row("cold start (npm start)", "cold start, `npm start` already built, to the first 200 on /", "<= 1.0 s"),
  ];
}

function lighthouseRow(lines: string[]): Row {
  const pages = lines.filter((line) => / performance [\d.]+/.test(line));
  const scores = pages.map((line) => Number(/performance ([\d.]+)/.exec(line)?.[1]));
  const tbt = pages.map((line) =>
    Number(/total blocking time ([\d,.]+)\s*ms/.exec(line)?.[1]?.replace(",", "") ?? Number.NaN),
  );
  // A page none of whose runs gave a result leaves the row unmeasured, never met by the pages that did.
  const unmeasured = lines.filter((line) => /^\/\S*: NOT MEASURED/.test(line)).map((line) => line.split(":")[0]);
  return {
    measure: `Lighthouse mobile performance, the median run of each page of section lighthouse (${[...pages.map((line) => line.split(":")[0]), ...unmeasured].join(", ") || "none"})`,
    now: pages.length
      ? `${scores.map((n) => n.toFixed(2)).join(" / ")}, TBT ${tbt.map((n) => `${n} ms`).join(" / ")}${unmeasured.length ? `; ${unmeasured.join(", ")} not measured` : ""}`
      : "measured by section lighthouse (no line)",
    aim: ">= 0.97 on each, TBT <= 150 ms",
    met: pages.length && unmeasured.length === 0 ? scores.every((n) => n >= 0.97) && tbt.every((n) => n <= 150) : null,
  };
}

export async function benchSpeed(log: (line: string) => void = console.log): Promise<void> {
  log("orders (section orders' first rows):");
  const orders = ordersRow(await ordersRows(log));
  const given = process.env.BUILD_DIR;
  const buildDir = path.resolve(root, given ?? path.join(".e2e-build", `speed-${process.pid}`));
  if (!given) build(buildDir);
  process.env.BUILD_DIR = buildDir;
  const collect = (lines: string[]) => (line: string) => {
    lines.push(line);
    log(line);
  };
  const lines = { js: [] as string[], pages: [] as string[], start: [] as string[], lighthouse: [] as string[] };
  const sections: Array<[name: keyof typeof lines, run: (log: (line: string) => void) => Promise<void>]> = [
    ["js", benchStorefrontJs],
    ["pages", benchPageCache],
    ["start", benchStartMemory],
    ["lighthouse", benchLighthouse],
  ];
  try {
    for (const [name, run] of sections) {
      log(`\nsection ${name}:`);
      await run(collect(lines[name])).catch((error: unknown) => log(`section ${name} failed: ${(error as Error).message}`));
    }
  } finally {
    if (given) process.env.BUILD_DIR = given;
    else {
      delete process.env.BUILD_DIR;
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  }
  const rows = [...orders, javascriptRow(lines.js), lighthouseRow(lines.lighthouse), renderRow(lines.pages), ...startRows(lines.start)];
  log("\nissue 27's table:");
  for (const row of rows) log(`- ${row.measure}: ${row.now} | aim ${row.aim} | ${verdict(row.met)}`);
  const met = rows.filter((row) => row.met === true).length;
  const unmeasured = rows.filter((row) => row.met === null).length;
  log(`${met} of ${rows.length} rows met, ${rows.length - met - unmeasured} not met, ${unmeasured} not measured here`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchSpeed().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
