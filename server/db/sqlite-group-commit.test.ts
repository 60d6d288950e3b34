import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { immediateSqliteDialect } from "./immediate-sqlite-dialect";
import { GroupRolledBack } from "./sqlite-group-commit";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-group-commit-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

interface Tables {
  t: { n: number };
}

/**
 * A store's SQLite file opened as the store opens it, with the statements it runs counted, the turns of the loop its
 * deferred commits wait for held by the test (`turn()` runs them), and a second connection that sees only what was
 * committed.
 */
function openStore(name: string, maxGroup?: number) {
  const file = path.join(folder, `${name}.sqlite`);
  const statements: string[] = [];
  const database = new SQLite(file, { verbose: (text) => statements.push(String(text)) });
  database.pragma("journal_mode = WAL");
  database.exec("create table t (n integer primary key)");
  const deferred: Array<() => void> = [];
  const kysely = new Kysely<Tables>({
    dialect: immediateSqliteDialect({
      database,
      inTransaction: () => database.inTransaction,
      readOnly: (text) => database.prepare(text).readonly,
      defer: (fn) => deferred.push(fn),
      maxGroup,
    }),
  });
  const other = new SQLite(file, { readonly: true });
  return {
    kysely,
    commits: () => statements.filter((text) => text === "commit").length,
    /** What another process reading the file sees: the committed rows only. */
    committed: () => (other.prepare("select n from t order by n").all() as Array<{ n: number }>).map((row) => row.n),
    async turn() {
      // Let the transactions under way reach their release, then run the commits they deferred.
      await new Promise((resolve) => setImmediate(resolve));
      for (const fn of deferred.splice(0)) fn();
      await new Promise((resolve) => setImmediate(resolve));
    },
    async close() {
      other.close();
      await kysely.destroy();
    },
  };
}

const insert = (kysely: Kysely<Tables>, n: number) =>
  kysely.transaction().execute((trx) => trx.insertInto("t").values({ n }).execute());

/** What `promise` failed with (undefined when it did not), taken at once so that no rejection goes unhandled meanwhile. */
const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Whether `promise` has settled by now. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let n = 0; n < 20; n++) await Promise.resolve();
  return done;
}

/** Runs the deferred commits; then every one of `waiting` is done and the rows committed are `rows`, in one commit. */
async function committedInOneCommit(
  store: ReturnType<typeof openStore>,
  waiting: Array<Promise<unknown>>,
  rows: number[],
) {
  await store.turn();
  await Promise.all(waiting);
  expect(store.committed()).toEqual(rows);
  expect(store.commits()).toBe(1);
}

describe("SQLite group commit (issue 27: one COMMIT for the transactions of one turn of the loop)", () => {
  it("commits the transactions that ran in the same turn of the loop once, and answers none of them before that commit", async () => {
    const store = openStore("one-commit");
    const placed = Array.from({ length: 10 }, (_, n) => insert(store.kysely, n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await settled(Promise.all(placed))).toBe(false);
    expect(store.committed()).toEqual([]);
    await committedInOneCommit(store, placed, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await store.close();
  });

  it("answers a read made while a group is open at once, and a plain write only with the group's commit", async () => {
    const store = openStore("plain-query");
    const placed = insert(store.kysely, 7);
    const read = store.kysely.selectFrom("t").select("n").execute();
    const written = store.kysely.insertInto("t").values({ n: 8 }).execute();
    await new Promise((resolve) => setImmediate(resolve));
    // The read comes after the transaction: it sees its row, a moment before the commit.
    expect(await read).toEqual([{ n: 7 }]);
    expect(await settled(written)).toBe(false);
    expect(store.committed()).toEqual([]);
    await committedInOneCommit(store, [placed, written], [7, 8]);
    await store.close();
  });

  it("lets a transaction await a read kept from while its group was open (the catalog cache keeps such promises)", async () => {
    const store = openStore("kept-read");
    const placed = insert(store.kysely, 1);
    const kept = store.kysely.selectFrom("t").select("n").execute();
    const next = store.kysely.transaction().execute(async (trx) => {
      const rows = await kept;
      await trx
        .insertInto("t")
        .values({ n: rows.length + 1 })
        .execute();
    });
    await store.turn();
    await Promise.all([placed, next]);
    expect(store.committed()).toEqual([1, 2]);
    await store.close();
  });
});

/** After a failed group nothing of it was committed, and the next transaction commits. */
async function usableAgain(store: ReturnType<typeof openStore>) {
  expect(store.committed()).toEqual([]);
  const next = insert(store.kysely, 2);
  await store.turn();
  await next;
  expect(store.committed()).toEqual([2]);
  await store.close();
}

describe("SQLite group commit, when a transaction or the commit fails", () => {
  it("rolls back only the failing transaction's changes; the others of its group are committed", async () => {
    const store = openStore("one-fails");
    const first = insert(store.kysely, 1);
    const failing = failure(
      store.kysely.transaction().execute(async (trx) => {
        await trx.insertInto("t").values({ n: 2 }).execute();
        throw new Error("refused");
      }),
    );
    const duplicate = failure(insert(store.kysely, 1));
    const third = insert(store.kysely, 3);
    await committedInOneCommit(store, [first, third], [1, 3]);
    expect(String(await failing)).toMatch("refused");
    expect(String(await duplicate)).toMatch(/UNIQUE constraint failed/);
    await store.close();
  });

  it("fails every transaction of a group whose COMMIT fails, and keeps none of their changes", async () => {
    const store = openStore("commit-fails");
    await sql`create table child (parent integer references t (n) deferrable initially deferred)`.execute(store.kysely);
    await sql`pragma foreign_keys = on`.execute(store.kysely);
    const fine = failure(insert(store.kysely, 1));
    // A deferred foreign key is checked at COMMIT: the group's commit fails, the one way to make it fail on a sound disk.
    const orphan = failure(
      store.kysely.transaction().execute((trx) => sql`insert into child (parent) values (99)`.execute(trx)),
    );
    await store.turn();
    expect(String(await fine)).toMatch(/FOREIGN KEY constraint failed/);
    expect(String(await orphan)).toMatch(/FOREIGN KEY constraint failed/);
    await usableAgain(store);
  });

  it("fails the group's earlier transactions when SQLite rolls back the whole transaction under a later one", async () => {
    const store = openStore("whole-rollback");
    const earlier = failure(insert(store.kysely, 1));
    // A ROLLBACK run inside a transaction ends the whole SQLite transaction, as a full disk or an I/O error does.
    const breaking = failure(
      store.kysely.transaction().execute(async (trx) => {
        await sql`rollback`.execute(trx);
        throw new Error("the disk is full");
      }),
    );
    await store.turn();
    expect(String(await breaking)).toMatch("the disk is full");
    expect(await earlier).toBeInstanceOf(GroupRolledBack);
    await usableAgain(store);
  });
});

describe("SQLite group commit, its bounds", () => {
  it("commits at most maxGroup uses at once, without waiting for the loop when a group is full", async () => {
    const store = openStore("full-group", 4);
    const placed = Array.from({ length: 10 }, (_, n) => insert(store.kysely, n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.committed()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await store.turn();
    await Promise.all(placed);
    expect(store.committed()).toHaveLength(10);
    expect(store.commits()).toBe(3);
    await store.close();
  });

  it("commits an open group before the database closes", async () => {
    const store = openStore("close");
    const placed = insert(store.kysely, 5);
    await new Promise((resolve) => setImmediate(resolve));
    const file = path.join(folder, "close.sqlite");
    await store.close();
    await placed;
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare("select n from t").all()).toEqual([{ n: 5 }]);
    reopened.close();
  });
});
