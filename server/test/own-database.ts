import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { TEST_DATABASE_URL } from "./test-store";

/**
 * For tests that start a store the way production does (`assembleStore`, `main.js migrate`, a backup): a DATA_DIR
 * of its own and, on the PostgreSQL pass, a database of its own (`DATABASE_URL`), dropped by `remove()`.
 */
export async function ownDataDirAndDatabase(): Promise<{ dataDir: string; databaseUrl?: string; remove(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-own-"));
  if (!TEST_DATABASE_URL) return { dataDir, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const name = `own_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async remove() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      // No FORCE: a store just closed may still be ending its connections; PostgreSQL waits up to 5 s for them.
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
