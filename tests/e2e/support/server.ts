import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { freePort } from "../../../server/test/free-port";
import "./global-setup";

const root = path.resolve(import.meta.dirname, "../../..");

export interface RunningServer {
  url: string;
  dataDir: string;
  /** SIGTERM, then waits for the exit; resolves with the exit code (0 after a clean stop). */
  stop(): Promise<number | null>;
}

/** Starts the built store as `npm start` would (production mode), on a free port with its own data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", path.join(inject("e2eBuildDir"), "app-server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "sandbox",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: "false",
      BUILD_DIR: inject("e2eBuildDir"),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become ready in 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    async stop() {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
