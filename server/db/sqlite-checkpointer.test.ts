import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database";
import { BACKSTOP_PAGES } from "./sqlite-checkpointer";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-checkpointer-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const pragma = async (db: ReturnType<typeof openDatabase>, name: string) =>
  Object.values((await sql.raw<Record<string, number>>(`pragma ${name}`).execute(db.kysely)).rows[0] ?? {})[0];

describe("SQLite WAL checkpoints (issue 27: they ran inside a committing request)", () => {
  it("are taken by the checkpointer thread: the database file holds every committed page afterwards", async () => {
    const file = path.join(folder, "thread.sqlite");
    const db = openDatabase({ sqliteFile: file, checkpointer: true });
    await sql`create table t (n integer, text text)`.execute(db.kysely);
    for (let n = 0; n < 200; n++) await sql`insert into t values (${n}, ${"x".repeat(500)})`.execute(db.kysely);
    const result = await db.checkpointer?.checkpoint();
    expect(result?.busy).toBe(0);
    expect(result?.checkpointed).toBe(result?.log);
    const pages = Number(await pragma(db, "page_count"));
    expect(pages).toBeGreaterThan(20);
    expect(fs.statSync(file).size).toBe(pages * Number(await pragma(db, "page_size")));
    // The store's own connection checkpoints only as a backstop, when the thread has fallen far behind.
    expect(await pragma(db, "wal_autocheckpoint")).toBe(BACKSTOP_PAGES);
    await db.close();
  });

  it("stay SQLite's own until the WAL has grown: then the thread starts, and the connection keeps only the backstop", async () => {
    const file = path.join(folder, "lazy.sqlite");
    const db = openDatabase({ sqliteFile: file, checkpointer: true });
    await sql`create table t (n integer, text text)`.execute(db.kysely);
    await sql`insert into t values (${0}, ${"x"})`.execute(db.kysely);
    // A store that has written little: no thread, SQLite's own automatic checkpoint.
    expect(db.checkpointer?.startIfGrown()).toBe(false);
    expect(await pragma(db, "wal_autocheckpoint")).toBe(1000);
    for (let n = 1; n <= 400; n++) await sql`insert into t values (${n}, ${"x".repeat(4000)})`.execute(db.kysely);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1024 * 1024);
    expect(db.checkpointer?.startIfGrown()).toBe(true);
    expect(await pragma(db, "wal_autocheckpoint")).toBe(BACKSTOP_PAGES);
    const result = await db.checkpointer?.checkpoint();
    expect(result?.checkpointed).toBe(result?.log);
    await db.close();
    await expect(db.checkpointer?.checkpoint()).rejects.toThrow("closed");
  });

  it("stay SQLite's own, in the committing connection, without the thread", async () => {
    const db = openDatabase({ sqliteFile: path.join(folder, "plain.sqlite") });
    expect(db.checkpointer).toBeUndefined();
    expect(await pragma(db, "wal_autocheckpoint")).toBe(1000);
    await db.close();
  });
});
