// `DATA_DIR=<empty folder> npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back, with the
// store stopped; then start the store on that DATA_DIR.
import { BackupError } from "../server/backup/sqlite-backup";
import { restoreSqliteStore } from "../server/backup/sqlite-restore";
import { ConfigError, loadConfig } from "../server/config";

try {
  const backup = process.argv[2];
  if (!backup) throw new BackupError("Usage: DATA_DIR=<empty folder> npm run restore -- <backup folder>");
  const config = loadConfig();
  const manifest = restoreSqliteStore(backup, config.DATA_DIR);
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}: ${manifest.database.rows.orders ?? 0} orders, ${manifest.files.count} result files. Start the store on it.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
