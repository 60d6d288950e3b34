// Run as its own process by server/start-modules.test.ts (`node --import tsx server/test/start-modules.ts`): starts a
// store from the sources as main.ts does (assembled, then migrated, seeded and made ready) on SQLite in a fresh
// folder, and prints the packages loaded by then, one JSON line; then the packages after the first password work.
import { registerHooks } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});

/** The npm packages among the loaded modules ("@scope/name" or "name"). */
function packages(): string[] {
  const names = new Set<string>();
  for (const url of loaded) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names].sort();
}

const { loadConfig } = await import("../config");
const { assembleStore } = await import("../start");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-start-modules-"));
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  DEMO_DATA: "false",
  JWT_SECRET: "test-secret-test-secret-test-secret-0123",
});
const store = await assembleStore(config, undefined, { logger: false });
try {
  await store.prepare();
  console.log(JSON.stringify({ atStart: packages() }));
  await store.services.accounts.warmUp();
  console.log(JSON.stringify({ afterPasswordWork: packages() }));
} finally {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
