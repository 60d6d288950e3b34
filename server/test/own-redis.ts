import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import { freePort } from "./free-port";

/**
 * A Redis server of the test's own on a free port, without persistence, to stop and start again: the shared Redis
 * other engineers' tests use is never stopped or flushed. A start after a stop is an empty Redis, as a restart
 * without persistence is.
 */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** FLUSHALL: what a restart without persistence leaves, without the outage. */
  flush(): void;
  close(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    // A process coming up: polled until it listens, at most 10 s.
    for (let tries = 0; !(await accepts(port)); tries++) {
      if (tries > 200) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    flush: () => void spawnSync("redis-cli", ["-p", String(port), "flushall"], { stdio: "ignore" }),
    close: stop,
  };
}
