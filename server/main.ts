import { ConfigError, loadConfig, type Config } from "./config";
import { assembleStore } from "./start";

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
  const dev = process.argv.includes("--dev");
  const vite = dev
    ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" })
    : undefined;
  const store = await assembleStore(config, vite ? { vite } : { buildDir: process.env.BUILD_DIR ?? "build" });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    store.app.log.info({ signal }, "stopping: finishing requests in flight");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await store.close();
    await vite?.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  await store.app.listen({ port: config.PORT, host: config.HOST });
  if (config.tryOut) {
    store.app.log.warn(
      `Try-out store (NODE_ENV ${config.NODE_ENV}, TRY_OUT): ${config.demoData ? "the demo customer exists, " : ""}mail is readable at /dev/mailbox, ` +
        `payments run on the ${config.PAYMENT_PROVIDER}. Set NODE_ENV=production (and leave TRY_OUT unset) for a real deployment.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
