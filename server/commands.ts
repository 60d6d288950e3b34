import path from "node:path";
import { BackupError, backupSqliteStore, restoreInstructions } from "./backup/sqlite-backup";
import { restoreSqliteStore } from "./backup/sqlite-restore";
import type { Config } from "./config";
import { migrateToLatest } from "./db/migrate";
import { openStoreDatabase } from "./roles";

/**
 * The one-shot commands of the same build (`node build/app-server/main.js <command>`, or `npm run <command>`):
 * - `migrate`: the pending migrations (under PostgreSQL's advisory lock, like a starting instance), then exit 0; a
 *   deployment runs it before the new version starts, and a second run applies nothing;
 * - `backup [folder]`: a consistent copy of a SQLite store while it serves (server/backup/sqlite-backup.ts);
 * - `restore <folder>`: that copy back into an empty DATA_DIR, the store stopped.
 */
export const COMMANDS = ["migrate", "backup", "restore"] as const;
export type Command = (typeof COMMANDS)[number];

export function isCommand(name: string | undefined): name is Command {
  return COMMANDS.includes(name as Command);
}

interface Output {
  out(line: string): void;
  error(line: string): void;
}

const consoleOutput: Output = { out: (line) => console.log(line), error: (line) => console.error(line) };

/** Runs `command` and answers its exit code: 0 when done, 1 with one line on stderr when not. */
export async function runCommand(command: Command, args: string[], config: Config, output: Output = consoleOutput): Promise<number> {
  try {
    if (command === "migrate") await migrate(config, output);
    if (command === "backup") {
      const target = args[0] ?? path.join("backups", `scriptorium-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      for (const line of restoreInstructions(target, backupSqliteStore(config, target))) output.out(line);
    }
    if (command === "restore") {
      if (!args[0]) throw new BackupError("Usage: DATA_DIR=<empty folder> npm run restore -- <backup folder>");
      const manifest = restoreSqliteStore(args[0], config.DATA_DIR);
      output.out(`Restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}: ${manifest.database.rows.orders ?? 0} orders, ${manifest.files.count} result files.`);
    }
    return 0;
  } catch (error) {
    output.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function migrate(config: Config, output: Output): Promise<void> {
  const db = openStoreDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    output.out(applied.length > 0 ? `Migrated ${applied.length}: ${applied.join(", ")}` : "Nothing to migrate: the database is current.");
  } finally {
    await db.close();
  }
}
