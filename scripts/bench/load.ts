// One round of load from a process of its own: wrk (one thread, 50 connections) when installed, otherwise
// autocannon's command line with two workers. In-process autocannon topped out near 12k req/s and made every fast
// server look alike, so the load generator never runs inside the bench's process.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const CONNECTIONS = 50;
const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((file) => fs.existsSync(file));

export interface LoadRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The process answering (the store, or the baseline): its CPU time over each round is added to the total. */
  pid?: number;
}

export interface Throughput {
  requests: number;
  seconds: number;
  /** Worst p99 latency over the rounds, ms. */
  p99: number;
  failed: number;
  /** Bytes wrk read, partial answers included (async rounds only). */
  bytes?: number;
  /** CPU time (user + system, from /proc) the answering process spent over the rounds, ms; undefined without a pid. */
  cpuMs?: number;
}

export const emptyThroughput = (): Throughput => ({ requests: 0, seconds: 0, p99: 0, failed: 0 });
export const perSecond = (total: Throughput): number => (total.seconds ? total.requests / total.seconds : 0);
export const loadGenerator = WRK
  ? `wrk (${WRK}, 1 thread, ${CONNECTIONS} connections)`
  : `autocannon CLI, 2 workers, ${CONNECTIONS} connections (wrk not installed)`;

function wrkScript(request: LoadRequest): string {
  const file = path.join(os.tmpdir(), `bench-wrk-${process.pid}.lua`);
  const lines = [`wrk.method = ${JSON.stringify(request.method ?? "GET")}`];
  if (request.body !== undefined) lines.push(`wrk.body = ${JSON.stringify(request.body)}`);
  for (const [name, value] of Object.entries(request.headers ?? {}))
    lines.push(`wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`);
  // wrk counts non-2xx answers but prints them only when there are some: count them here, too.
  lines.push(
    "done = function(summary, latency, requests) io.write(string.format('p99_us %d\\n', latency:percentile(99))) end",
  );
  fs.writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

/** CPU time process `pid` (or only its thread `thread`; the main thread's id is the pid) has used so far (user + system, from /proc), ms; null without /proc. */
export function cpuMsOf(pid: number | undefined, thread?: number): number | null {
  try {
    const stat = fs.readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
    // After the command's name in parentheses (which may hold spaces): state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The whole machine's CPU time so far (the `cpu` line of /proc/stat, in ticks): all of it, and the part stolen by the host. */
export function machineTicks(): { total: number; steal: number } | null {
  try {
    // user nice system idle iowait irq softirq steal: the guest times after them are counted in user already.
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1, 9).map(Number) ?? [];
    return fields.length === 8 ? { total: fields.reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 } : null;
  } catch {
    return null;
  }
}

/** The share of the machine's CPU time the host took away (a virtual machine's steal) between two readings, %. */
export function stealPercent(before: ReturnType<typeof machineTicks>, after: ReturnType<typeof machineTicks>): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux this runs on). */
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** Adds the CPU `pid` used since `before` to `total`. */
function addCpu(total: Throughput, pid: number | undefined, before: number | null): void {
  const after = cpuMsOf(pid);
  if (before === null || after === null) return;
  total.cpuMs = (total.cpuMs ?? 0) + (after - before);
}

/** The answering process's CPU per answer, ms (null when not measured). */
export function cpuPerRequest(total: Throughput): number | null {
  return total.cpuMs === undefined || total.requests === 0 ? null : total.cpuMs / total.requests;
}

/** "req/s, CPU per request" for a row: the CPU figure holds on a loaded machine where req/s does not. */
export function rateAndCpu(total: Throughput): string {
  const cpu = cpuPerRequest(total);
  return `${perSecond(total).toFixed(0)} req/s, ${cpu === null ? "CPU n/a" : `${cpu.toFixed(2)} ms CPU/req`}`;
}

/** Runs one round against `request` and adds it to `total`. */
export function round(request: LoadRequest, seconds: number, total: Throughput): void {
  const before = cpuMsOf(request.pid);
  roundBlocking(request, seconds, total);
  if (request.pid !== undefined) addCpu(total, request.pid, before);
}

function roundBlocking(request: LoadRequest, seconds: number, total: Throughput): void {
  seconds = Math.max(1, Math.round(seconds)); // wrk takes whole seconds
  if (WRK) {
    const script = wrkScript(request);
    const result = spawnSync(WRK, ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "-s", script, request.url], {
      encoding: "utf8",
    });
    fs.rmSync(script, { force: true });
    const out = result.stdout;
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    total.requests += requests;
    total.seconds += seconds;
    total.p99 = Math.max(total.p99, Number(/p99_us (\d+)/.exec(out)?.[1] ?? 0) / 1000);
    total.failed += non2xx + (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
    if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || out}`);
    return;
  }
  const args = [
    "autocannon",
    "--json",
    "-w",
    "2",
    "-c",
    String(CONNECTIONS),
    "-d",
    String(seconds),
    "-m",
    request.method ?? "GET",
  ];
  for (const [name, value] of Object.entries(request.headers ?? {})) args.push("-H", `${name}=${value}`);
  if (request.body !== undefined) args.push("-b", request.body);
  const result = spawnSync("npx", [...args, request.url], { encoding: "utf8" });
  const summary = JSON.parse(result.stdout) as {
    requests: { total: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  total.requests += summary.requests.total;
  total.seconds += seconds;
  total.p99 = Math.max(total.p99, summary.latency.p99);
  total.failed += summary.non2xx + summary.errors;
}

/** Warm-up, then rounds alternating between the two sides, so load from anything else on the machine hits both alike. */
export function alternate(
  a: LoadRequest,
  b: LoadRequest,
  { rounds = 4, seconds = 2, warmup = 2 } = {},
): [Throughput, Throughput] {
  round(a, warmup, emptyThroughput());
  round(b, warmup, emptyThroughput());
  const totalA = emptyThroughput();
  const totalB = emptyThroughput();
  for (let turn = 0; turn < rounds; turn++) {
    round(a, seconds, totalA);
    round(b, seconds, totalB);
  }
  return [totalA, totalB];
}

/** Warm-up, then rounds against one side only (no baseline in this run). */
export function measure(request: LoadRequest, { rounds = 4, seconds = 2, warmup = 2 } = {}): Throughput {
  round(request, warmup, emptyThroughput());
  const total = emptyThroughput();
  for (let turn = 0; turn < rounds; turn++) round(request, seconds, total);
  return total;
}

/** Resident memory of a process, MB (Linux), or null elsewhere. */
export function rssMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

/**
 * What RSS is made of (/proc/PID/status, MB): anonymous memory (V8's heap, malloc) and file pages (mostly the node
 * binary's own code and ICU data, which a bare `node` holds too); null without /proc.
 */
export function rssPartsMb(pid: number | undefined): { anon: number; file: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { anon: kb("RssAnon") / 1024, file: (kb("RssFile") + kb("RssShmem")) / 1024 };
  } catch {
    return null;
  }
}

/**
 * One row of the issue's table: figure, baseline, ratio and aim. With the runs given, the row is MET only when every
 * answer of both was a success (wrk's non-2xx and socket errors), and the CPU per answer of each side is printed.
 */
export function ratioLine(label: string, ratio: number, aim: number, runs: Throughput[] = []): string {
  const failed = runs.reduce((sum, run) => sum + run.failed, 0);
  const answered = runs.every((run) => run.requests > 0);
  const cpu = runs.map((run) => cpuPerRequest(run)).filter((ms): ms is number => ms !== null);
  const [mine = 0, theirs = 0] = cpu;
  const cpuText = cpu.length === 2 ? `; CPU per answer ${mine.toFixed(3)} / ${theirs.toFixed(3)} ms, ratio ${(theirs / (mine || 1)).toFixed(2)}` : "";
  const checks = runs.length === 0 ? "" : failed > 0 || !answered ? ` (${failed} failed answers${answered ? "" : ", a side answered nothing"})` : "";
  return `${label}: ratio ${ratio.toFixed(2)} (aim >= ${aim})${cpuText} ${ratio >= aim && !checks ? "MET" : "NOT MET"}${checks}`;
}

/** One wrk round without blocking this process: for a store running inside the bench's own process. */
export function roundAsync(
  request: LoadRequest,
  seconds: number,
  total: Throughput,
  connections = CONNECTIONS,
): Promise<void> {
  if (!WRK) throw new Error("wrk is not installed (apt-get install wrk)");
  seconds = Math.max(1, Math.round(seconds)); // wrk takes whole seconds
  const script = wrkScript(request);
  const before = cpuMsOf(request.pid);
  const child = spawn(WRK, ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "60s", "-s", script, request.url], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      fs.rmSync(script, { force: true });
      if (code !== 0) return reject(new Error(`wrk failed: ${out}`));
      if (request.pid !== undefined) addCpu(total, request.pid, before);
      total.requests += Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
      const read = /([\d.]+)([KMGT]?B) read/.exec(out);
      const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }[read?.[2] ?? "B"] ?? 1;
      total.bytes = (total.bytes ?? 0) + Number(read?.[1] ?? 0) * unit;
      total.seconds += seconds;
      total.p99 = Math.max(total.p99, Number(/p99_us (\d+)/.exec(out)?.[1] ?? 0) / 1000);
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      total.failed +=
        Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
        (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
      resolve();
    });
  });
}

/** `alternate` for a store inside this process: wrk runs as a child without blocking the event loop. */
export async function alternateAsync(
  a: LoadRequest,
  b: LoadRequest,
  { rounds = 4, seconds = 2, warmup = 2, connections = CONNECTIONS } = {},
): Promise<[Throughput, Throughput]> {
  await roundAsync(a, warmup, emptyThroughput(), connections);
  await roundAsync(b, warmup, emptyThroughput(), connections);
  const totalA = emptyThroughput();
  const totalB = emptyThroughput();
  for (let turn = 0; turn < rounds; turn++) {
    await roundAsync(a, seconds, totalA, connections);
    await roundAsync(b, seconds, totalB, connections);
  }
  return [totalA, totalB];
}

/** Peak resident memory of a process so far (VmHWM), MB, or null without /proc. */
export function peakRssMb(pid: number | undefined): number | null {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}
