import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createLocalStorage } from "../modules/storage/local-storage";
import { jwtSecret } from "../secrets";
import { openDatabase } from "./database";

const mode = (file: string) => fs.statSync(file).mode & 0o777;
const folders: string[] = [];
const freshFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-perms-"));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe("the data directory and its files are readable by their owner only", () => {
  it("creates DATA_DIR 0700 and the SQLite file with its -wal and -shm 0600", async () => {
    const dataDir = path.join(freshFolder(), "data");
    const file = path.join(dataDir, "scriptorium.sqlite");
    const db = openDatabase({ sqliteFile: file });
    await sql`create table t (x integer)`.execute(db.kysely);
    await sql`insert into t values (1)`.execute(db.kysely);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
    await db.close();
  });

  it("tightens a database and folder that an older version left readable by everyone", async () => {
    const dataDir = freshFolder();
    fs.chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, "scriptorium.sqlite");
    fs.writeFileSync(file, "", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const db = openDatabase({ sqliteFile: file });
    await sql`select 1`.execute(db.kysely);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    await db.close();
  });

  it("keeps the generated signing key and delivered files owner-only", async () => {
    const dataDir = path.join(freshFolder(), "data");
    jwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "jwt-secret"))).toBe(0o600);

    const storage = createLocalStorage(path.join(dataDir, "files"));
    await storage.put("results/order-1/file", Buffer.from("secret result"));
    expect(mode(path.join(dataDir, "files", "results", "order-1"))).toBe(0o700);
    expect(mode(path.join(dataDir, "files", "results", "order-1", "file"))).toBe(0o600);
  });
});
