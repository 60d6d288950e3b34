import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "../db/database";
import { ownPostgresSchema } from "./own-database";
import { TEST_DATABASE_URL } from "./test-store";

/**
 * An empty, unmigrated database on the dialect under test (a new SQLite file, or a new PostgreSQL schema in a database
 * of its own, whose URL `databaseUrl` is), for the tests of one migration: they migrate up to just before it, write
 * rows in the old shape, then run it.
 */
export async function openEmptyDatabase(options: { pgPoolSize?: number } = {}): Promise<{ db: Db; databaseUrl?: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-migration-"));
    const db = openDatabase({ sqliteFile: path.join(dir, "m.sqlite") });
    return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const own = await ownPostgresSchema(TEST_DATABASE_URL);
  const db = openDatabase({ databaseUrl: own.databaseUrl, pgSchema: own.schema, pgPoolSize: options.pgPoolSize });
  return { db, databaseUrl: own.databaseUrl, drop: own.drop };
}

/** The migration just before `migration` (its file name without the extension), whatever others land meanwhile. */
export function migrationBefore(migration: string): string {
  const names = fs
    .readdirSync(path.join(import.meta.dirname, "../db/migrations"))
    .filter((file) => /^\d{4}-\d{2}-\d{2}-.+\.ts$/.test(file) && !file.endsWith(".test.ts"))
    .map((file) => file.replace(/\.ts$/, ""))
    .sort();
  const before = names[names.indexOf(migration) - 1];
  if (!before || !names.includes(migration)) throw new Error(`no migration before ${migration}`);
  return before;
}

/** A test database's own tables: on PostgreSQL only its schema's, since other tests' schemas hold tables of the same names. */
export async function ownTables(db: Db) {
  return (await db.kysely.introspection.getTables()).filter((table) => !db.pgSchema || table.schema === db.pgSchema);
}
