import type { Config } from "./config";
import type { Db } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { retryWhileUnavailable } from "./platform/retry-while-unavailable";
import { prepareServices, type Services } from "./services";

/**
 * Migrates, seeds and starts the job runner, waiting for the database when it is not there yet (a store started
 * while PostgreSQL is down or restarting): each try that fails for want of a connection logs one line and runs again
 * after a backoff (at most 5 s apart), so the store turns ready within seconds of the database coming back. Any
 * other failure (a migration that breaks) ends the start as before. `signal` stops the waiting when the store closes.
 */
export async function prepareStore(
  deps: { db: Db; services: Services; config: Config; log: (line: string) => void },
  signal: AbortSignal,
): Promise<void> {
  const { db, services, config, log } = deps;
  await retryWhileUnavailable(
    "start",
    async () => {
      await migrateToLatest(db);
      await prepareServices(services, { ...config, log });
    },
    { log, signal },
  );
}
