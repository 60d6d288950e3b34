// `npm run backup [-- <target folder>]`: a consistent online copy of the SQLite store in DATA_DIR (database, result
// files, signing key, manifest) while it serves, and how to restore it. PostgreSQL: docs/operations.md.
import path from "node:path";
import { BackupError, backupSqliteStore, restoreInstructions } from "../server/backup/sqlite-backup";
import { ConfigError, loadConfig } from "../server/config";

try {
  const config = loadConfig();
  const target = process.argv[2] ?? path.join("backups", `scriptorium-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  const manifest = backupSqliteStore(config, target);
  for (const line of restoreInstructions(target, manifest)) console.log(line);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
