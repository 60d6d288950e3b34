import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Config } from "../config";

/** What a backup holds, written next to it as `manifest.json` and checked again by a restore. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  dataDir: string;
  database: { file: string; bytes: number; sha256: string; lastMigration: string | null; rows: Record<string, number> };
  files: { count: number; bytes: number };
  /** Where the signing key comes from: a copy of DATA_DIR/jwt-secret in the backup, or JWT_SECRET (keep it with the backup). */
  signingKey: "file" | "environment" | "none";
}

export const BACKUP_DATABASE = "scriptorium.sqlite";
export const BACKUP_MANIFEST = "manifest.json";
const SIGNING_KEY = "jwt-secret";
const FILES = "files";

export class BackupError extends Error {}

/**
 * A consistent online copy of a SQLite store while it serves (docs/operations.md, Back up and restore): the database
 * first as one snapshot (`VACUUM INTO` runs in one read transaction, so writers go on and the copy is the database at
 * one instant), then `DATA_DIR/files` (a result file is written before the row that names it, so every file the
 * snapshot refers to is already there), then the signing key, then a manifest with row counts and the copy's hash.
 */
export function backupSqliteStore(config: Pick<Config, "DATA_DIR" | "DATABASE_URL" | "JWT_SECRET">, target: string): BackupManifest {
  if (config.DATABASE_URL) {
    throw new BackupError("DATABASE_URL is set: back up PostgreSQL with a base backup and WAL archiving, or pg_dump (docs/operations.md).");
  }
  const source = path.join(config.DATA_DIR, BACKUP_DATABASE);
  if (!fs.existsSync(source)) throw new BackupError(`No SQLite store at ${source} (DATA_DIR).`);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new BackupError(`${target} is not empty: choose a new folder.`);
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });

  const copy = path.join(target, BACKUP_DATABASE);
  const live = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    live.prepare("VACUUM INTO ?").run(copy);
  } finally {
    live.close();
  }
  fs.chmodSync(copy, 0o600);

  const files = copyTree(path.join(config.DATA_DIR, FILES), path.join(target, FILES));
  const keyFile = path.join(config.DATA_DIR, SIGNING_KEY);
  let signingKey: BackupManifest["signingKey"] = config.JWT_SECRET ? "environment" : "none";
  if (!config.JWT_SECRET && fs.existsSync(keyFile)) {
    fs.copyFileSync(keyFile, path.join(target, SIGNING_KEY));
    fs.chmodSync(path.join(target, SIGNING_KEY), 0o600);
    signingKey = "file";
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dataDir: path.resolve(config.DATA_DIR),
    database: { file: BACKUP_DATABASE, bytes: fs.statSync(copy).size, sha256: sha256(copy), ...describeDatabase(copy) },
    files,
    signingKey,
  };
  fs.writeFileSync(path.join(target, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Checks the copy is sound and counts the rows of every table (the manifest's proof of what was taken). */
function describeDatabase(file: string): { lastMigration: string | null; rows: Record<string, number> } {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new BackupError(`The copy failed SQLite's integrity check: ${String(check)}`);
    const tables = copy.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
    const rows = Object.fromEntries(tables.map((table) => [table, Number(copy.prepare(`select count(*) from "${table}"`).pluck().get())]));
    const lastMigration = tables.includes("kysely_migration")
      ? ((copy.prepare("select name from kysely_migration order by name desc limit 1").pluck().get() as string | undefined) ?? null)
      : null;
    return { lastMigration, rows };
  } finally {
    copy.close();
  }
}

/** Copies a folder (result files; private modes kept), skipping files still being written; answers what it copied. */
export function copyTree(from: string, to: string): { count: number; bytes: number } {
  const total = { count: 0, bytes: 0 };
  if (!fs.existsSync(from)) return total;
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) {
      const inner = copyTree(source, target);
      total.count += inner.count;
      total.bytes += inner.bytes;
    } else if (entry.isFile()) {
      fs.copyFileSync(source, target);
      fs.chmodSync(target, 0o600);
      total.count += 1;
      total.bytes += fs.statSync(target).size;
    }
  }
  return total;
}

export function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** The lines `npm run backup` prints after the copy: what it holds and how to put it back. */
export function restoreInstructions(target: string, manifest: BackupManifest): string[] {
  const orders = manifest.database.rows.orders ?? 0;
  const ledger = manifest.database.rows.ledger_entries ?? 0;
  return [
    `Backup in ${path.resolve(target)}: database ${manifest.database.bytes} bytes (sha256 ${manifest.database.sha256.slice(0, 16)}…, ` +
      `${orders} orders, ${ledger} ledger entries, last migration ${manifest.database.lastMigration ?? "none"}), ${manifest.files.count} result files.`,
    manifest.signingKey === "environment"
      ? "The signing key is JWT_SECRET: keep it with this backup, or every customer signs in again."
      : manifest.signingKey === "file"
        ? "The signing key (jwt-secret) is in the backup: keep the folder private."
        : "No signing key was found: a restored store makes a new one and every customer signs in again.",
    "To restore: stop the store, then",
    `  DATA_DIR=/path/to/empty/data-dir npm run restore -- ${path.resolve(target)}   (or: node build/app-server/main.js restore …)`,
    "  (checks the manifest's hash, copies the database, the files and the key), then start the store on that DATA_DIR.",
  ];
}
