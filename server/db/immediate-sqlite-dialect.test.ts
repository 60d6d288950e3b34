import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Dialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { immediateSqliteDialect } from "./immediate-sqlite-dialect";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-immediate-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Whether another connection to the same file could start writing while a transaction of `dialect` has only read. */
async function otherWriterAdmittedDuringRead(name: string, dialect: (database: SQLite.Database) => Dialect): Promise<boolean> {
  const file = path.join(folder, `${name}.sqlite`);
  const database = new SQLite(file);
  database.exec("create table t (n integer)");
  const kysely = new Kysely<{ t: { n: number } }>({ dialect: dialect(database) });
  const other = new SQLite(file, { timeout: 0 });
  try {
    return await kysely.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      try {
        other.exec("begin immediate");
        other.exec("rollback");
        return true;
      } catch (error) {
        expect((error as { code?: string }).code).toBe("SQLITE_BUSY");
        return false;
      }
    });
  } finally {
    other.close();
    await kysely.destroy();
  }
}

describe("SQLite transactions", () => {
  it("take the write lock at BEGIN, so no other writer slips in between a read and the write that depends on it", async () => {
    expect(await otherWriterAdmittedDuringRead("plain", (database) => new SqliteDialect({ database }))).toBe(true);
    expect(await otherWriterAdmittedDuringRead("immediate", (database) => immediateSqliteDialect({ database }))).toBe(false);
  });
});
