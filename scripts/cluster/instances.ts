// Store instances as separate processes, each on its own port, started the way production starts them.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** Output lines (JSON logs), kept to look at when something fails. */
  output: string[];
  /** Resolves when /readyz answers 200; rejects when the process exits first. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no draining, no closing. */
  kill(): Promise<void>;
  readonly exitCode: number | null;
  /** The signal that ended the process, if one did. */
  readonly signalCode: NodeJS.Signals | null;
}

/** The compiled server `npm start` runs, from `buildDir` (the cluster builds once for all with `npm run build`). */
export function serverCommand(buildDir: string): string[] {
  return [path.join(buildDir, "app-server", "main.js")];
}

export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scriptorium-${name}-`));
  if (!env.BUILD_DIR) throw new Error(`${name}: BUILD_DIR names the build to run`);
  const child: ChildProcess = spawn(process.execPath, serverCommand(path.resolve(env.BUILD_DIR)), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (output.length > 500) output.splice(0, output.length - 500);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;

  return {
    name,
    port,
    url,
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
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output.slice(-20).join("\n")}`);
        try {
          if ((await fetch(`${url}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`${name} was not ready in ${timeoutMs / 1000} s:\n${output.slice(-20).join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
