import { inject } from "vitest";
import { freePort } from "../../../server/test/free-port";
import { PRODUCTION_STORE_ENV, startStoreProcess, type StoreProcess } from "../../support/store-process";
import "./global-setup";

export type RunningServer = StoreProcess;

/** Starts the run's build of the store as `npm start` would (production mode), on a free port with its own data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const server = startStoreProcess({
    name: "e2e",
    port,
    buildDir: inject("e2eBuildDir"),
    nodeArgs: ["--enable-source-maps"],
    env: { ...PRODUCTION_STORE_ENV, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    echo: true,
  });
  await server.ready().catch(async (error: unknown) => {
    await server.kill();
    throw error;
  });
  return server;
}
