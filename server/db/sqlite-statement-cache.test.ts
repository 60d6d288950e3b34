import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "./database";
import { cachingStatements } from "./sqlite-statement-cache";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-statements-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe("SQLite statements (issue 27: compiling every query was a quarter of an order's CPU)", () => {
  it("compiles a query's SQL once however often it runs, and answers each run with its own parameters", async () => {
    const db = openDatabase({ sqliteFile: path.join(folder, "once.sqlite") });
    await sql`create table t (n integer)`.execute(db.kysely);
    const prepare = vi.spyOn(SQLite.prototype, "prepare");
    for (let n = 1; n <= 20; n++)
      await db.kysely
        .insertInto("t" as never)
        .values({ n } as never)
        .execute();
    const sums = [];
    for (let n = 1; n <= 20; n++)
      sums.push((await sql<{ c: number }>`select count(*) as c from t where n <= ${n}`.execute(db.kysely)).rows[0]?.c);
    expect(sums).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(prepare).toHaveBeenCalledTimes(2);
    await db.close();
  });

  it("answers with the current columns after the table changed", async () => {
    const db = openDatabase({ sqliteFile: path.join(folder, "changes.sqlite") });
    await sql`create table t (n integer)`.execute(db.kysely);
    await sql`insert into t (n) values (1), (2)`.execute(db.kysely);
    const all = () => sql<Record<string, unknown>>`select * from t order by n`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ n: 1 }, { n: 2 }]);
    await sql`alter table t add column label text default 'x'`.execute(db.kysely);
    expect((await all()).rows).toEqual([
      { n: 1, label: "x" },
      { n: 2, label: "x" },
    ]);
    await db.close();
  });

  it("gives a statement still being read (a stream) a fresh one for the same SQL", () => {
    const database = new SQLite(path.join(folder, "busy.sqlite"));
    database.exec("create table t (n integer); insert into t (n) values (1), (2)");
    const statements = cachingStatements(database);
    const rows = statements.prepare("select n from t order by n").iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    expect(statements.prepare("select n from t order by n").all([])).toEqual([{ n: 1 }, { n: 2 }]);
    expect([...rows]).toEqual([{ n: 2 }]);
    database.close();
  });

  it("keeps at most its size of statements, the first prepared dropped first", () => {
    const database = new SQLite(path.join(folder, "bounded.sqlite"));
    const statements = cachingStatements(database, 2);
    const prepare = vi.spyOn(database, "prepare");
    for (const n of [1, 2, 1, 2, 3, 2, 3, 1]) expect(statements.prepare(`select ${n} as n`).all([])).toEqual([{ n }]);
    // 1 and 2 prepared, reused; 3 drops 1; 2 and 3 reused; 1 prepared again.
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(["select 1 as n", "select 2 as n", "select 3 as n", "select 1 as n"]);
    database.close();
  });
});
