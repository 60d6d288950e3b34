// The one way the e2e journeys, the benches and the cluster start the built store: `node <build>/app-server/main.js`
// (what `npm start` runs) as a process of its own, on its own port and data folder, ready once /readyz answers 200.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** A production store on the sandbox payment provider, quiet but for warnings, without demo data. */
export const PRODUCTION_STORE_ENV = {
  NODE_ENV: "production",
  PAYMENT_PROVIDER: "sandbox",
  LOG_LEVEL: "warn",
  DEMO_DATA: "false",
};

export interface StoreProcessOptions {
  /** Names the process in errors and its data folder. */
  name: string;
  port: number;
  /** The build to run (`npm run build` with BUILD_DIR). */
  buildDir: string;
  /** On top of this process's environment; PORT, HOST, DATA_DIR and BUILD_DIR are set here. */
  env?: Record<string, string>;
  /** Node flags before the script, e.g. `--max-semi-space-size=16` as `npm start` passes. */
  nodeArgs?: string[];
  /** Also write the store's output to this process's (the journeys); it is kept either way. */
  echo?: boolean;
}

export interface StoreProcess {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  pid: number | undefined;
  /** Output lines (JSON logs), the last 500, to look at when something fails. */
  output: string[];
  /** Resolves when /readyz answers 200; rejects when the process exits first or `timeoutMs` passes. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM and wait for the exit code (0 after a clean stop); the data folder is gone by then. */
  stop(): Promise<number | null>;
  /** SIGKILL: no draining, no closing. */
  kill(): Promise<void>;
  readonly exitCode: number | null;
  /** The signal that ended the process, if one did. */
  readonly signalCode: NodeJS.Signals | null;
}

function keepOutput(child: ChildProcess, echo: boolean): string[] {
  const output: string[] = [];
  const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    if (echo) to.write(chunk);
    output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (output.length > 500) output.splice(0, output.length - 500);
  };
  child.stdout?.on("data", keep(process.stdout));
  child.stderr?.on("data", keep(process.stderr));
  return output;
}

/** Starts the store; await `ready()` before using it. */
export function startStoreProcess({
  name,
  port,
  buildDir,
  env = {},
  nodeArgs = [],
  echo = false,
}: StoreProcessOptions): StoreProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scriptorium-${name}-`));
  const build = path.resolve(ROOT, buildDir);
  const child = spawn(process.execPath, [...nodeArgs, path.join(build, "app-server", "main.js")], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, BUILD_DIR: build },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutput(child, echo);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;
  const tail = () => output.slice(-20).join("\n");
  return {
    name,
    port,
    url,
    dataDir,
    pid: child.pid,
    output,
    get exitCode() {
      return child.exitCode;
    },
    get signalCode() {
      return child.signalCode;
    },
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (ended()) throw new Error(`${name} exited with ${child.exitCode}:\n${tail()}`);
        try {
          if ((await fetch(`${url}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`${name} was not ready in ${timeoutMs / 1000} s:\n${tail()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (!ended()) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (!ended()) child.kill("SIGKILL");
      await exited;
    },
  };
}
