import fs from "node:fs";
import path from "node:path";
import { BACKUP_DATABASE, BACKUP_MANIFEST, BackupError, copyTree, sha256, type BackupManifest } from "./sqlite-backup";

/**
 * Puts a backup made by `backupSqliteStore` into an empty DATA_DIR (the store stopped or never started there):
 * checks the database against the manifest's hash, then copies the database, the result files and the signing key.
 */
export function restoreSqliteStore(backup: string, dataDir: string): BackupManifest {
  const manifestFile = path.join(backup, BACKUP_MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${backup} has no ${BACKUP_MANIFEST}: not a backup made by npm run backup.`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  const database = path.join(backup, BACKUP_DATABASE);
  if (sha256(database) !== manifest.database.sha256) throw new BackupError(`${database} does not match the manifest's hash: the copy is damaged.`);
  const target = path.join(dataDir, BACKUP_DATABASE);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists: restore into an empty DATA_DIR (move the old one aside first).`);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.copyFileSync(database, target);
  fs.chmodSync(target, 0o600);
  copyTree(path.join(backup, "files"), path.join(dataDir, "files"));
  if (manifest.signingKey === "file") {
    fs.copyFileSync(path.join(backup, "jwt-secret"), path.join(dataDir, "jwt-secret"));
    fs.chmodSync(path.join(dataDir, "jwt-secret"), 0o600);
  }
  return manifest;
}
