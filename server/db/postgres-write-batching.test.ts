import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openEmptyDatabase } from "../test/empty-database";
import { TEST_DATABASE_URL } from "../test/test-store";
import { preparingClient } from "./postgres-statement-cache";
import { createWriteBatching, withWaiting } from "./postgres-write-batching";
import { WITH_NEXT_STATEMENT_MARK as MARK, WITH_THE_COMMIT_MARK as LAST, withNextStatement, withTheCommit } from "./with-next-statement";

const marked = (text: string, values: unknown[] = []) => ({ text: `${text} ${MARK}`, values });

describe("writes waiting for their transaction's next statement (issue 27: one round trip fewer each)", () => {
  it("puts them in front of the next statement as WITHs, their values numbered after the statement's own", () => {
    const waiting = [marked("insert into a (x, y) values ($1, $2)", [1, 2]), marked("insert into b (z) values ($1)", [3])];
    expect(withWaiting(waiting, { text: "update c set v = $1 where id = $2", values: ["v", "id"] })).toEqual({
      text: `with "with_next_0" as (insert into a (x, y) values ($3, $4) ${MARK}), "with_next_1" as (insert into b (z) values ($5) ${MARK}) update c set v = $1 where id = $2`,
      values: ["v", "id", 1, 2, 3],
    });
  });

  it("joins the WITH the statement has, recursive or not", () => {
    const waiting = [marked("insert into a (x) values ($1)", [1])];
    expect(withWaiting(waiting, { text: "with recursive r as (select 1) select * from r", values: [] }).text).toBe(
      `with recursive "with_next_0" as (insert into a (x) values ($1) ${MARK}), r as (select 1) select * from r`,
    );
    expect(withWaiting(waiting, { text: "WITH t AS (SELECT $1::int) SELECT * FROM t", values: [9] })).toEqual({
      text: `WITH "with_next_0" as (insert into a (x) values ($2) ${MARK}), t AS (SELECT $1::int) SELECT * FROM t`,
      values: [9, 1],
    });
  });

  describe("one connection's steps", () => {
    let step: ReturnType<typeof createWriteBatching>;
    const connection = {};
    beforeEach(() => {
      step = createWriteBatching();
    });
    const write = marked("insert into a (x) values ($1)", [1]);

    it("outside a transaction, and with RETURNING, a marked write is sent at once", () => {
      expect(step(connection, write)).toEqual({ ahead: [], statement: write });
      step(connection, { text: "begin", values: [] });
      const returning = marked("insert into a (x) values ($1) returning x", [1]);
      expect(step(connection, returning)).toEqual({ ahead: [], statement: returning });
    });

    it("in a transaction it waits, and the next statement carries it; another connection's statements do not", () => {
      step(connection, { text: "begin", values: [] });
      expect(step(connection, write)).toEqual({ ahead: [], statement: null });
      const other = { text: "select 1", values: [] };
      expect(step({}, other)).toEqual({ ahead: [], statement: other });
      const next = step(connection, { text: "select * from a", values: [] });
      expect(next).toEqual({ ahead: [], statement: { text: `with "with_next_0" as (insert into a (x) values ($1) ${MARK}) select * from a`, values: [1] } });
      const after = { text: "select 2", values: [] };
      expect(step(connection, after)).toEqual({ ahead: [], statement: after });
    });

    it("a COMMIT, or a statement a WITH cannot lead, sends them first on their own; a ROLLBACK drops them", () => {
      const second = marked("insert into b (z) values ($1)", [2]);
      for (const text of ["commit", "savepoint s1"]) {
        step(connection, { text: "begin", values: [] });
        step(connection, write);
        step(connection, second);
        expect(step(connection, { text, values: [] })).toEqual({
          ahead: [{ text: `with "with_next_0" as (insert into a (x) values ($2) ${MARK}) ${second.text}`, values: [2, 1] }],
          statement: { text, values: [] },
        });
      }
      step(connection, write);
      expect(step(connection, { text: "rollback", values: [] })).toEqual({ ahead: [], statement: { text: "rollback", values: [] } });
      // After the ROLLBACK the connection is outside a transaction again: nothing waits.
      expect(step(connection, write)).toEqual({ ahead: [], statement: write });
    });

    it("a write marked to go with the commit takes the waiting writes as its WITHs and goes ahead of the next statement", () => {
      const last = { text: `with c as (update n set v = v + 1 returning v) insert into d (v) select v from c ${LAST}`, values: [] };
      for (const text of ["commit", "select * from d"]) {
        step(connection, { text: "begin", values: [] });
        step(connection, write);
        expect(step(connection, last)).toEqual({ ahead: [], statement: null });
        expect(step(connection, { text, values: [] })).toEqual({
          ahead: [{ text: `with "with_next_0" as (insert into a (x) values ($1) ${MARK}), c as (update n set v = v + 1 returning v) insert into d (v) select v from c ${LAST}`, values: [1] }],
          statement: { text, values: [] },
        });
        step(connection, { text: "commit", values: [] });
      }
      step(connection, { text: "begin", values: [] });
      step(connection, last);
      expect(step(connection, { text: "rollback", values: [] })).toEqual({ ahead: [], statement: { text: "rollback", values: [] } });
      // Outside a transaction it runs at once.
      expect(step(connection, last)).toEqual({ ahead: [], statement: last });
    });
  });
});

interface NotesClient {
  client: pg.Client;
  empty: Awaited<ReturnType<typeof openEmptyDatabase>>;
  /** ReadyForQuery answers so far: PostgreSQL ends each statement's answer with one. */
  roundTrips: number;
}

/** The pg client class the store's pool uses, on an empty database of its own with a `notes` table emptied before each test. */
function useNotesClient(): NotesClient {
  const Client = preparingClient(pg);
  const used = { roundTrips: 0 } as NotesClient;
  beforeAll(async () => {
    used.empty = await openEmptyDatabase({ pgPoolSize: 1 });
    used.client = new Client({ connectionString: used.empty.databaseUrl });
    await used.client.connect();
    (used.client as unknown as { connection: { on(event: string, listener: () => void): void } }).connection.on("readyForQuery", () => used.roundTrips++);
    await used.client.query("create temporary table notes (id integer primary key, body text)");
  });
  afterAll(async () => {
    await used.client.end();
    await used.empty.db.close();
    await used.empty.drop();
  });
  beforeEach(() => used.client.query("delete from notes"));
  return used;
}

const note = (client: pg.Client, id: number, body: string) => client.query(`insert into notes (id, body) values ($1, $2) ${MARK}`, [id, body]);
const stored = async (client: pg.Client) => (await client.query("select id, body from notes order by id")).rows;

// The pg client class the store's pool uses, against PostgreSQL: what is stored, and the round trips it takes.
describe.runIf(Boolean(TEST_DATABASE_URL))("PostgreSQL: marked writes go out with the next statement", () => {
  const used = useNotesClient();
  const trips = async (work: () => Promise<unknown>) => {
    const before = used.roundTrips;
    await work();
    return used.roundTrips - before;
  };

  it("two marked writes and a read in one round trip; the read after them sees both, and the commit keeps them", async () => {
    let read: pg.QueryResult | undefined;
    const count = await trips(async () => {
      await used.client.query("begin", []);
      expect(await note(used.client, 1, "one")).toMatchObject({ rows: [] });
      await note(used.client, 2, "two");
      expect((await used.client.query("select count(*)::int as n from notes where id < $1", [10])).rows).toEqual([{ n: 0 }]); // one snapshot
      read = await used.client.query("select body from notes order by id", []);
      await used.client.query("commit", []);
    });
    expect(read?.rows).toEqual([{ body: "one" }, { body: "two" }]);
    expect(count).toBe(4); // begin, the read carrying both writes, the second read, commit: 6 without
    expect(await stored(used.client)).toEqual([
      { id: 1, body: "one" },
      { id: 2, body: "two" },
    ]);
  });

  it("a marked write's failure is the next statement's, and the transaction rolls back", async () => {
    await used.client.query("begin", []);
    await note(used.client, 1, "one");
    await note(used.client, 1, "again");
    await expect(used.client.query("select 1", [])).rejects.toMatchObject({ code: "23505" });
    await used.client.query("rollback", []);
    expect(await stored(used.client)).toEqual([]);
  });

  it("a COMMIT sends the writes first, and fails with their error rather than answering a silent rollback", async () => {
    await used.client.query("begin", []);
    await note(used.client, 1, "kept?");
    await note(used.client, 1, "clash");
    await expect(used.client.query("commit", [])).rejects.toMatchObject({ code: "23505" });
    await used.client.query("rollback", []);
    expect(await stored(used.client)).toEqual([]);
    await used.client.query("begin", []);
    await note(used.client, 3, "three");
    await used.client.query("commit", []);
    expect(await stored(used.client)).toEqual([{ id: 3, body: "three" }]);
  });

  it("a ROLLBACK drops the writes that waited; outside a transaction a marked write is stored at once", async () => {
    await used.client.query("begin", []);
    await note(used.client, 1, "dropped");
    await used.client.query("rollback", []);
    await note(used.client, 2, "at once");
    expect(await stored(used.client)).toEqual([{ id: 2, body: "at once" }]);
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))("PostgreSQL: a transaction's last write goes out with its COMMIT", () => {
  const used = useNotesClient();

  it("a write marked to go with the commit is written with the COMMIT, before its answer is back; the commit keeps it", async () => {
    const stream = (used.client as unknown as { connection: { stream: { write: (chunk: Uint8Array, ...rest: unknown[]) => boolean } } }).connection.stream;
    const write = stream.write;
    let answeredWhenCommitWritten = -1;
    stream.write = function (chunk, ...rest) {
      if (Buffer.from(chunk).includes("commit")) answeredWhenCommitWritten = used.roundTrips;
      return write.call(this, chunk, ...rest);
    };
    try {
      await used.client.query("begin", []);
      await note(used.client, 1, "one");
      expect(await used.client.query(`insert into notes (id, body) select $1, $2 ${LAST}`, [2, "two"])).toMatchObject({ rows: [] });
      const answered = used.roundTrips;
      await used.client.query("commit", []);
      // Nothing was answered between the two: PostgreSQL held the write's locks for its own work and the commit only.
      expect(answeredWhenCommitWritten).toBe(answered);
      expect(used.roundTrips - answered).toBe(2);
    } finally {
      stream.write = write;
    }
    expect(await stored(used.client)).toEqual([
      { id: 1, body: "one" },
      { id: 2, body: "two" },
    ]);
  });

  it("a failed write marked to go with the commit fails the COMMIT, which rolled everything back", async () => {
    await used.client.query("begin", []);
    await note(used.client, 1, "one");
    await used.client.query(`insert into notes (id, body) select $1, $2 ${LAST}`, [1, "clash"]);
    await expect(used.client.query("commit", [])).rejects.toMatchObject({ code: "23505" });
    await used.client.query("rollback", []);
    expect(await stored(used.client)).toEqual([]);
  });

  it("through Kysely, as the store writes: the marked insert is stored with the transaction's next statement", async () => {
    const db = used.empty.db.kysely;
    await sql`create table kept (n integer primary key)`.execute(db);
    const seen = await db.transaction().execute(async (trx) => {
      await sql`insert into kept (n) values (${1}) ${withNextStatement}`.execute(trx);
      await sql`insert into kept (n) values (${2}) ${withNextStatement}`.execute(trx);
      await sql`select 1`.execute(trx);
      return (await sql<{ n: number }>`select n from kept order by n`.execute(trx)).rows;
    });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into kept (n) values (${2}) ${withNextStatement}`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await sql<{ n: number }>`select n from kept order by n`.execute(db)).rows).toEqual([{ n: 1 }, { n: 2 }]);
    await db.transaction().execute(async (trx) => {
      await sql`insert into kept (n) values (${3}) ${withNextStatement}`.execute(trx);
      await sql`insert into kept (n) values (${4}) ${withTheCommit}`.execute(trx);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into kept (n) values (${5}) ${withNextStatement}`.execute(trx);
        await sql`insert into kept (n) values (${1}) ${withTheCommit}`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await sql<{ n: number }>`select n from kept order by n`.execute(db)).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  });
});
