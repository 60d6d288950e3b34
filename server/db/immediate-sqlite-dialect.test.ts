import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Dialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { fifoTurns, immediateSqliteDialect } from "./immediate-sqlite-dialect";

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
    const immediate = (database: SQLite.Database) =>
      immediateSqliteDialect({ database, inTransaction: () => database.inTransaction, readOnly: (text) => database.prepare(text).readonly });
    expect(await otherWriterAdmittedDuringRead("immediate", immediate)).toBe(false);
  });
});

describe("turns at the one SQLite connection (issue 27: Kysely's mutex let a request under way pass its waiters)", () => {
  it("go to the waiters in the order they asked, a later asker behind them however soon it asks", async () => {
    const turns = fifoTurns();
    const order: string[] = [];
    await turns.take();
    const waiters = ["b", "c", "d"].map((name) => turns.take().then(() => order.push(name)));
    // The holder passes its turn and asks again at once: it must queue behind b, c and d.
    turns.pass();
    const again = turns.take().then(() => order.push("a again"));
    for (let n = 0; n < 4; n++) {
      await Promise.race([...waiters, again].map((p) => p.then(() => undefined)));
      await Promise.resolve();
      turns.pass();
    }
    await Promise.all([...waiters, again]);
    expect(order).toEqual(["b", "c", "d", "a again"]);
  });

  it("keep every query of concurrent callers answered, through Kysely", async () => {
    const database = new SQLite(":memory:");
    const dialect = immediateSqliteDialect({ database, inTransaction: () => database.inTransaction, readOnly: (text) => database.prepare(text).readonly });
    const kysely = new Kysely<{ t: { n: number } }>({ dialect });
    await sql`create table t (n integer)`.execute(kysely);
    await Promise.all(Array.from({ length: 20 }, (_, n) => kysely.transaction().execute((trx) => trx.insertInto("t").values({ n }).execute())));
    const rows = await kysely.selectFrom("t").select((eb) => eb.fn.countAll<number>().as("c")).executeTakeFirst();
    expect(rows?.c).toBe(20);
    await kysely.destroy();
  });
});
