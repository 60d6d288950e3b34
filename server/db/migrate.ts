import fs from "node:fs";
import path from "node:path";
import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./database";

const migrationFolder = path.join(import.meta.dirname, "migrations");

/**
 * Every date-prefixed file in ./migrations, loaded through the app's own module loader: `.ts` from the sources
 * (tsx, vitest), `.js` in the compiled server (scripts/build.mjs). The name recorded is the same either way.
 */
function migrationFiles(): string[] {
  return fs.readdirSync(migrationFolder).filter((file) => /^\d{4}-\d{2}-\d{2}-.+\.[jt]s$/.test(file) && !/\.test\.[jt]s$/.test(file)).sort();
}

const folderProvider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of migrationFiles()) {
      migrations[file.replace(/\.[jt]s$/, "")] = (await import(path.join(migrationFolder, file))) as Migration;
    }
    return migrations;
  },
};

/**
 * Runs every pending migration (frozen once landed: add a new file, never edit an old one). On PostgreSQL the run
 * holds a session advisory lock, so instances started together on an empty database migrate it once: the first
 * migrates, the others wait, then find nothing left to do. (Kysely's own lock is taken only after it has created
 * its bookkeeping tables, which two instances would otherwise race to create.) SQLite has one writer at a time.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await isCurrent(db)) return [];
  if (db.dialect !== "postgres") return migrateTo(db);
  const key = `scriptorium-migrations:${db.pgSchema ?? "public"}`;
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await migrateTo(db);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/**
 * Runs the pending migrations up to `name` (all when left out); tests of a data migration stop before it. Answers
 * the names it applied (none when the database was current).
 */
export async function migrateTo(db: Db, name?: string): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which one: name it, or a second test
  // store's fresh schema would be taken as already set up by the first.
  const migrator = new Migrator({ db: db.kysely, provider: folderProvider, migrationTableSchema: db.pgSchema });
  const { error, results } = name ? await migrator.migrateTo(name) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    // The cause stays attached: start-up retries a migration that failed because the database was not there.
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/**
 * True when the database has applied exactly the migrations there are files for: every start after the first then
 * reads one table instead of loading every migration module and taking the lock (issue 27, cold start). Anything else
 * (no bookkeeping table yet, a migration pending, one recorded that has no file) takes the Migrator's path as before.
 */
async function isCurrent(db: Db): Promise<boolean> {
  const names = migrationFiles().map((file) => file.replace(/\.[jt]s$/, ""));
  const table = db.pgSchema ? `${db.pgSchema}.kysely_migration` : "kysely_migration";
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db.kysely);
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === names.length && names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}
