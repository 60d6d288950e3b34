import fs from "node:fs";

/** Folders and files holding the store's data (SQLite, the signing key, results) are readable by their owner only. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) owner-only, and tightens `dir` itself when it already exists. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates `file` empty and owner-only when missing, and tightens it (and the given companions that exist, such as
 * SQLite's -wal and -shm) when present. SQLite gives the journal files it creates the mode of the database file.
 */
export function ensurePrivateFile(file: string, companions: string[] = []): void {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  for (const name of [file, ...companions]) {
    if (fs.existsSync(name)) fs.chmodSync(name, PRIVATE_FILE_MODE);
  }
}
