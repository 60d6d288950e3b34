import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { TEST_DATABASE_URL } from "./test-store";

/** Runs one statement on its own connection to `url`. */
async function runOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server `serverUrl` points at. */
function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * For tests that start a store the way production does (`assembleStore`, `main.js migrate`, a backup): a DATA_DIR
 * of its own and, on the PostgreSQL pass, a database of its own (`DATABASE_URL`), dropped by `remove()`.
 */
export async function ownDataDirAndDatabase(): Promise<{ dataDir: string; databaseUrl?: string; remove(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-own-"));
  if (!TEST_DATABASE_URL) return { dataDir, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const serverUrl = TEST_DATABASE_URL;
  const name = `own_${randomUUID().replace(/-/g, "")}`;
  await runOn(serverUrl, `CREATE DATABASE ${name}`);
  return {
    dataDir,
    databaseUrl: databaseUrlOf(serverUrl, name),
    async remove() {
      // No FORCE: a store just closed may still be ending its connections; PostgreSQL waits up to 5 s for them.
      await runOn(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL schema in a database of its own, for the tests that need one (migration tests, a store reopened):
 * alone in its database, because Kysely's migrator reads the whole catalogue (its introspection checks every
 * schema's privileges by name) and failed with `schema "t_…" does not exist` when another test file dropped its
 * schema in the shared database meanwhile (test files run two at a time: docs/decisions/0092).
 */
export async function ownPostgresSchema(serverUrl: string): Promise<{ databaseUrl: string; schema: string; drop(): Promise<void> }> {
  const id = randomUUID().replace(/-/g, "");
  const [database, schema] = [`s_${id}`, `t_${id}`];
  const databaseUrl = databaseUrlOf(serverUrl, database);
  await runOn(serverUrl, `CREATE DATABASE ${database}`);
  await runOn(databaseUrl, `CREATE SCHEMA ${schema}`);
  return { databaseUrl, schema, drop: () => runOn(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}
