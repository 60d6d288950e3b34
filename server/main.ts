import { ConfigError, loadConfig, type Config } from "./config";
import { isCommand, runCommand } from "./commands";
import { assembleStore, serveWhenReady } from "./start";
import { tryOutStartLine } from "./start-line";

/** Composition root: config → database → services → HTTP, and a graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // `main.js migrate|backup|restore`: one-shot commands of the same build (server/commands.ts, docs/operations.md).
  const command = process.argv[2];
  if (isCommand(command)) process.exit(await runCommand(command, process.argv.slice(3), config));
  const dev = process.argv.includes("--dev");
  const vite = dev
    ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" })
    : undefined;
  const store = await assembleStore(config, vite ? { vite } : { buildDir: process.env.BUILD_DIR ?? "build" });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Draining: /readyz answers 503 while requests are still served, so a balancer that checks it moves away;
    // then the listener closes (new connections are refused and a proxy retries them elsewhere) while every request
    // already received is finished (http/graceful-close.ts).
    store.readiness.drain();
    store.app.log.info({ signal, drainSeconds: config.DRAIN_SECONDS }, "stopping: draining, then finishing requests in flight");
    const force = setTimeout(() => process.exit(1), 10_000 + config.DRAIN_SECONDS * 1000);
    force.unref();
    if (config.DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, config.DRAIN_SECONDS * 1000));
    await store.close();
    await vite?.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // Listening only once migrated, seeded and ready: a balancer that connects gets an instance that can answer
  // (nginx skips a port that refuses; it does not retry a POST an instance answered with 503).
  await serveWhenReady(store, { port: config.PORT, host: config.HOST }, () => !stopping);
  if (stopping) return;
  if (config.tryOut) {
    store.app.log.warn(tryOutStartLine(config));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
