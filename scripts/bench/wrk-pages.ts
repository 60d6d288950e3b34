// Uncached rendering over several pages from wrk in its own process: each request asks the next page with a query
// string of its own (the page cache stores only query-less public paths), and every answer that is not a 200 counts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CONNECTIONS } from "./load";

const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((file) => fs.existsSync(file));

function script(pages: string[]): string {
  const file = path.join(os.tmpdir(), `bench-wrk-pages-${process.pid}.lua`);
  const lua = [
    `local pages = {${pages.map((page) => JSON.stringify(page)).join(", ")}}`,
    "local n = 0",
    "bad = 0",
    "badstatus = 0",
    "local threads = {}",
    "function setup(thread) table.insert(threads, thread) end",
    'wrk.headers["accept-language"] = "en-GB,en;q=0.9"',
    "function request() n = n + 1; return wrk.format(nil, pages[(n % #pages) + 1] .. '?render=' .. n) end",
    "function response(status) if status ~= 200 then bad = bad + 1; badstatus = status end end",
    "function done() local total, last = 0, 0; for _, t in ipairs(threads) do total = total + t:get('bad'); if t:get('badstatus') ~= 0 then last = t:get('badstatus') end end; io.write(string.format('not200 %d last %d\\n', total, last)) end",
  ];
  fs.writeFileSync(file, lua.join("\n") + "\n");
  return file;
}

/** `seconds` of wrk (1 thread, 50 connections) over `pages` of `base`, each rendered anew: pages answered and those not 200. */
export function renderPagesRound(
  base: string,
  pages: string[],
  seconds: number,
): Promise<{ requests: number; failed: number; detail: string }> {
  if (!WRK) throw new Error("wrk is not installed (apt-get install wrk)");
  const file = script(pages);
  const child = spawn(
    WRK,
    ["-t1", `-c${CONNECTIONS}`, `-d${Math.max(1, Math.round(seconds))}s`, "--timeout", "30s", "-s", file, base],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      fs.rmSync(file, { force: true });
      if (code !== 0) return reject(new Error(`wrk failed: ${out}`));
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const socketErrors = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
      const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
      const not200 = /not200 (\d+) last (\d+)/.exec(out);
      const detail = `${socketErrors} socket errors (connect, read, write, timeout: ${errors?.slice(1).join(", ") ?? "none"}); last status not 200: ${not200?.[2] ?? "?"}`;
      // Without the script's count nothing is known to have answered 200: all of it counts as failed.
      resolve({ requests, failed: not200 ? Number(not200[1]) + socketErrors : requests, detail });
    });
  });
}
