// wrk (Debian's package) against the proxy: throughput and tail latency of one request shape.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

export const WRK = process.env.WRK_BIN ?? "/usr/bin/wrk";

export interface WrkResult {
  rps: number;
  p99Ms: number;
  /** Answers that were not 2xx/3xx, plus socket errors. */
  failures: number;
  /** The failures by kind: answers that were not 2xx/3xx, wrk's timeouts (2 s), other socket errors. */
  non2xx: number;
  timeouts: number;
  socketErrors: number;
}

export interface WrkRequest {
  method?: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Bearer tokens used in turn, one per request. */
  tokens?: string[];
}

/** A Lua string literal: quotes and backslashes escaped, control characters as three-digit decimal escapes. */
export function luaString(text: string): string {
  let escaped = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === "\\" || char === '"') escaped += `\\${char}`;
    else if (code < 32 || code === 127) escaped += `\\${String(code).padStart(3, "0")}`;
    else escaped += char;
  }
  return `"${escaped}"`;
}

/** A Lua table of strings, `{ "a", "b" }` (JSON's `["a","b"]` is not Lua: wrk would fall back to its default request). */
export const luaList = (items: string[]): string => `{ ${items.map(luaString).join(", ")} }`;

export const wrkScript = (request: WrkRequest) => `
local tokens = ${luaList(request.tokens ?? [])}
local body = ${luaString(request.body === undefined ? "" : JSON.stringify(request.body))}
local i = 0
request = function()
  i = i + 1
  local headers = {}
  if body ~= "" then headers["Content-Type"] = "application/json" end
  if #tokens > 0 then headers["Authorization"] = "Bearer " .. tokens[(i % #tokens) + 1] end
  return wrk.format(${luaString(request.method ?? "GET")}, ${luaString(request.path)}, headers, body ~= "" and body or nil)
end
`;

function milliseconds(text: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

export async function runWrk(base: string, request: WrkRequest, options: { seconds: number; connections: number }): Promise<WrkResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-wrk-"));
  const script = path.join(dir, "request.lua");
  fs.writeFileSync(script, wrkScript(request));
  try {
    const { stdout, stderr } = await promisify(execFile)(WRK, ["-t2", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", "-s", script, base]);
    // A script wrk cannot load is only a line on stderr, and wrk then sends its default GET: never measure that.
    if (stderr.trim()) throw new Error(`wrk: ${stderr.trim()}`);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
    const p99 = /^\s+99%\s+(\S+)/m.exec(stdout)?.[1] ?? "";
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const [connect, read, write, timeouts] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
    const socketErrors = (connect ?? 0) + (read ?? 0) + (write ?? 0);
    return { rps, p99Ms: milliseconds(p99), failures: non2xx + socketErrors + (timeouts ?? 0), non2xx, timeouts: timeouts ?? 0, socketErrors };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
