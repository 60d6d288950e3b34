import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmptyDatabase } from "../test/empty-database";
import { TEST_DATABASE_URL } from "../test/test-store";
import type { Db } from "./database";
import { preparingClient } from "./postgres-statement-cache";

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
    const otherInstance = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await otherInstance.connect();
    await otherInstance.query(`ALTER TABLE ${db.pgSchema}.t ADD COLUMN later text DEFAULT 'y'`);
    await otherInstance.end();
    await expect(insert(22)).rejects.toMatchObject({ code: "0A000" });
    expect((await insert(23)).rows).toEqual([{ n: 23, label: "n23", extra: "x", later: "y" }]);
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))("PostgreSQL transactions: the BEGIN goes out with the first statement when that has no values", () => {
  const Client = preparingClient(pg);
  let client: pg.Client;
  let roundTrips = 0;
  beforeAll(async () => {
    client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    // Each answer PostgreSQL finishes with ReadyForQuery: one per round trip.
    (client as unknown as { connection: { on(event: string, listener: () => void): void } }).connection.on("readyForQuery", () => roundTrips++);
    await client.query("create temporary table numbers (n serial primary key, label text)");
  });
  afterAll(() => client.end());

  const trips = async (work: () => Promise<unknown>) => {
    const before = roundTrips;
    await work();
    return roundTrips - before;
  };
  const labels = async () => (await client.query("select label from numbers order by n")).rows.map((row) => row.label);

  it("a first statement without values: BEGIN and it in one round trip, its rows answered, committed", async () => {
    let inserted: pg.QueryResult | undefined;
    const count = await trips(async () => {
      expect(await client.query("begin", [])).toMatchObject({ command: "BEGIN", rows: [] });
      inserted = await client.query("insert into numbers (label) values ('first') returning n, label", []);
      await client.query("commit", []);
    });
    expect(inserted).toMatchObject({ command: "INSERT", rowCount: 1, rows: [{ label: "first" }] });
    expect(count).toBe(2);
    expect(await labels()).toEqual(["first"]);
  });

  it("a first statement with values: BEGIN first, then it, in the same transaction", async () => {
    const count = await trips(async () => {
      await client.query("begin", []);
      expect((await client.query("insert into numbers (label) values ($1) returning label", ["second"])).rows).toEqual([{ label: "second" }]);
      await client.query("rollback", []);
    });
    expect(count).toBe(3);
    expect(await labels()).toEqual(["first"]);
  });

  it("a first statement that fails leaves the transaction to roll back, and the next one starts clean", async () => {
    await client.query("begin", []);
    await expect(client.query("insert into numbers (n, label) values (1, 'taken') returning n", [])).rejects.toMatchObject({ code: "23505" });
    await expect(client.query("select 1", [])).rejects.toMatchObject({ code: "25P02" }); // inside the failed transaction
    await client.query("rollback", []);
    await client.query("begin", []);
    await client.query("insert into numbers (label) values ('third')", []);
    await client.query("commit", []);
    expect(await labels()).toEqual(["first", "third"]);
  });
});
