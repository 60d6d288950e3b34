import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Db } from "../db/database";
import { migrateToLatest } from "../db/migrate";

/**
 * Fresh, migrated databases for the data tests without migrating each one (epic-stack's way): the migrations run
 * once into a template named after their hash, and every test store gets a copy. SQLite: a template file in the
 * temp folder, copied per store. PostgreSQL: a template DATABASE, cloned per store with `CREATE DATABASE … TEMPLATE`
 * and dropped on close. A changed or added migration changes the hash, so a stale template is never used.
 */
const migrationFolder = path.join(import.meta.dirname, "..", "db", "migrations");

function migrationsHash(): string {
  const hash = createHash("sha256");
  const files = fs.readdirSync(migrationFolder).filter((file) => /^\d{4}-\d{2}-\d{2}-.+\.[jt]s$/.test(file) && !/\.test\.[jt]s$/.test(file));
  for (const file of files.sort()) hash.update(file).update(fs.readFileSync(path.join(migrationFolder, file)));
  return hash.digest("hex").slice(0, 16);
}

let hashOnce: string | undefined;
const templateHash = () => (hashOnce ??= migrationsHash());

export interface FreshDatabase {
  db: Db;
  drop(): Promise<void>;
}

/** A SQLite copy of the migrated template (made by the first worker that needs it; written whole, then renamed). */
export async function freshSqliteDatabase(): Promise<FreshDatabase> {
  const template = path.join(os.tmpdir(), `scriptorium-template-${templateHash()}.sqlite`);
  if (!fs.existsSync(template)) {
    const building = `${template}.${randomUUID()}.building`;
    const db = openDatabase({ sqliteFile: building });
    await migrateToLatest(db);
    await db.close(); // the last connection's close folds the WAL into the file
    fs.renameSync(building, template);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-db-"));
  const file = path.join(dir, "test.sqlite");
  fs.copyFileSync(template, file);
  const db = openDatabase({ sqliteFile: file, guardOuterDatabase: true });
  return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let pgTemplate: Promise<string> | undefined;

/** The migrated template database's name; built once across all workers (an advisory lock, then a rename). */
function postgresTemplate(url: string): Promise<string> {
  pgTemplate ??= buildPostgresTemplate(url).catch((error: unknown) => {
    pgTemplate = undefined; // the next store tries again rather than failing on a stale rejection
    throw error;
  });
  return pgTemplate;
}

function buildPostgresTemplate(url: string): Promise<string> {
  return admin(url, async (client) => {
    const name = `scriptorium_template_${templateHash()}`;
    await client.query("select pg_advisory_lock(hashtext('scriptorium-test-template'))");
    try {
      const found = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return name;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      // Two connections at least: migrateToLatest holds one for its advisory lock while the migrator uses another.
      const db = openDatabase({ databaseUrl: withDatabase(url, building), pgPoolSize: 4 });
      try {
        await migrateToLatest(db);
      } finally {
        await db.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('scriptorium-test-template'))");
    }
  });
}

/** A PostgreSQL database cloned from the migrated template, dropped on close. */
export async function freshPostgresDatabase(url: string): Promise<FreshDatabase> {
  const template = await postgresTemplate(url);
  const name = `t_${randomUUID().replace(/-/g, "")}`;
  await admin(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const db = openDatabase({ databaseUrl: withDatabase(url, name), pgPoolSize: 20, guardOuterDatabase: true });
  return {
    db,
    drop: () => admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
