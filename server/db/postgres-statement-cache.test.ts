import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmptyDatabase } from "../test/empty-database";
import { TEST_DATABASE_URL } from "../test/test-store";
import type { Db } from "./database";

// What PostgreSQL keeps prepared for one connection; it does not depend on the dialect under test, so it runs in the
// PostgreSQL pass only.
describe.runIf(Boolean(TEST_DATABASE_URL))("PostgreSQL statements (issue 27: parsing and planning each write anew)", () => {
  let empty: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let db: Db;
  beforeAll(async () => {
    // One connection: what it keeps prepared is what pg_prepared_statements shows.
    empty = await openEmptyDatabase({ pgPoolSize: 1 });
    db = empty.db;
    await sql`create table t (n integer, label text)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    await empty.drop();
  });

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(db.kysely)).rows.map((row) => row.statement);
  const insert = (n: number) => sql<Record<string, unknown>>`insert into t (n, label) values (${n}, ${`n${n}`}) returning *`.execute(db.kysely);

  it("parses a write once however often it runs, each run with its own values; reads are planned for their values", async () => {
    for (let n = 1; n <= 20; n++) expect((await insert(n)).rows).toEqual([{ n, label: `n${n}` }]);
    const counts = [];
    for (let n = 1; n <= 3; n++) counts.push((await sql<{ c: number }>`select count(*)::int as c from t where n <= ${n}`.execute(db.kysely)).rows[0]?.c);
    expect(counts).toEqual([1, 2, 3]);
    expect(await prepared()).toEqual(["insert into t (n, label) values ($1, $2) returning *"]);
  });

  it("answers with the current columns after this store changed the table", async () => {
    await sql`alter table t add column extra text default 'x'`.execute(db.kysely);
    expect((await insert(21)).rows).toEqual([{ n: 21, label: "n21", extra: "x" }]);
  });

  it("after another instance changed the table: the one write that ran the kept statement fails, the next is prepared anew", async () => {
    const otherInstance = new pg.Client({ connectionString: empty.databaseUrl });
    await otherInstance.connect();
    await otherInstance.query(`ALTER TABLE ${db.pgSchema}.t ADD COLUMN later text DEFAULT 'y'`);
    await otherInstance.end();
    await expect(insert(22)).rejects.toMatchObject({ code: "0A000" });
    expect((await insert(23)).rows).toEqual([{ n: 23, label: "n23", extra: "x", later: "y" }]);
  });
});
