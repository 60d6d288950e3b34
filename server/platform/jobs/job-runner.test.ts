import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "../../db/database";
import { migrateToLatest } from "../../db/migrate";
import { ownPostgresSchema } from "../../test/own-database";
import { TEST_DATABASE_URL } from "../../test/test-store";
import { manualClock } from "../clock";
import { manualTimers } from "../timers";
import { createJobRunner } from "./job-runner";

/** A migrated database that can be opened again, as a restarted process would: a SQLite file or a PostgreSQL schema. */
async function reopenableDatabase() {
  if (!TEST_DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-jobs-"));
    const file = path.join(dir, "jobs.sqlite");
    return { open: () => openDatabase({ sqliteFile: file }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const own = await ownPostgresSchema(TEST_DATABASE_URL);
  return { open: () => openDatabase({ databaseUrl: own.databaseUrl, pgSchema: own.schema, pgPoolSize: 10 }), drop: own.drop };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<{ db: Db; reopen(): Promise<Db> }> {
  const store = await reopenableDatabase();
  const opened: Db[] = [];
  const open = async () => {
    const db = store.open();
    opened.push(db);
    await migrateToLatest(db);
    return db;
  };
  cleanups.push(async () => {
    for (const db of opened) await db.close().catch(() => undefined);
    await store.drop();
  });
  return { db: await open(), reopen: open };
}

describe("the durable job runner", () => {
  it("runs a job only once its transaction commits, and not at all when it rolls back", async () => {
    const { db } = await database();
    const clock = manualClock();
    const runner = createJobRunner(db.kysely, db.dialect, { clock });
    const ran: string[] = [];
    runner.register("note", async (payload: { text: string }) => void ran.push(payload.text));
    await db.kysely.transaction().execute((trx) => runner.schedule(trx, { kind: "note", payload: { text: "kept" } }));
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await runner.schedule(trx, { kind: "note", payload: { text: "rolled back" } });
        throw new Error("abort");
      })
      .catch(() => undefined);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(["kept"]);
  });

  it("waits for the due time of the injected clock, and a unique key schedules once", async () => {
    const { db } = await database();
    const clock = manualClock("2026-03-02T10:00:00.000Z");
    const runner = createJobRunner(db.kysely, db.dialect, { clock });
    let runs = 0;
    runner.register("later", async () => void runs++);
    for (let i = 0; i < 3; i++) await runner.schedule(db.kysely, { kind: "later", runAt: new Date("2026-03-02T11:00:00.000Z"), uniqueKey: "later:1" });
    expect(await runner.runDue()).toBe(0);
    clock.set("2026-03-02T11:00:00.000Z");
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toBe(1);
  });

  it("schedules several jobs in one call, each once: a key already known is skipped, the others are added", async () => {
    const { db } = await database();
    const clock = manualClock("2026-03-02T10:00:00.000Z");
    const runner = createJobRunner(db.kysely, db.dialect, { clock });
    const seen: string[] = [];
    runner.register("note", async (payload: { text: string }) => void seen.push(payload.text));
    await runner.schedule(db.kysely, { kind: "note", payload: { text: "first" }, uniqueKey: "note:1" });
    await runner.schedule(db.kysely, [
      { kind: "note", payload: { text: "again" }, uniqueKey: "note:1" },
      { kind: "note", payload: { text: "second" }, uniqueKey: "note:2" },
      { kind: "note", payload: { text: "later" }, runAt: new Date("2026-03-02T12:00:00.000Z") },
    ]);
    await runner.schedule(db.kysely, []);
    expect(await runner.runDue()).toBe(2);
    expect(seen.sort()).toEqual(["first", "second"]);
    clock.set("2026-03-02T12:00:00.000Z");
    expect(await runner.runDue()).toBe(1);
    expect(seen).toContain("later");
  });

  it("stays up when a job's result cannot be written (the database went away mid-job): logged, and the claim left to expire", async () => {
    const { db } = await database();
    const errors: string[] = [];
    const runner = createJobRunner(db.kysely, db.dialect, { clock: manualClock(), logError: (_error, message) => void errors.push(message) });
    runner.register("cut-off", async () => {
      // What the runner writes next fails, as with PostgreSQL stopped between the handler and its result.
      await sql`alter table jobs rename to jobs_away`.execute(db.kysely);
    });
    await runner.schedule(db.kysely, { kind: "cut-off" });
    // The next claim fails too (the runner's poll logs that and tries again); what matters is that the job's own
    // failed write is caught and logged rather than left as an unhandled rejection, which ends the process.
    await expect(runner.runDue()).rejects.toThrow();
    // The job's own writes may still be failing when the next claim has: wait for its line.
    await vi.waitFor(() => expect(errors.some((message) => message.includes("result not recorded"))).toBe(true), { timeout: 5000, interval: 20 });
    await sql`alter table jobs_away rename to jobs`.execute(db.kysely);
    const [job] = await db.kysely.selectFrom("jobs").select(["status", "locked_by"]).execute();
    expect(job?.status).toBe("running");
    expect(job?.locked_by).not.toBeNull();
  });
});

describe("the durable job runner: retries and two runners", () => {
  it("retries a failing job with a doubling backoff and marks it failed after its last attempt", async () => {
    const { db } = await database();
    const clock = manualClock();
    const runner = createJobRunner(db.kysely, db.dialect, { clock, retryBaseMs: 1000, logError: () => undefined });
    const attempts: number[] = [];
    runner.register("flaky", async (_payload, context) => {
      attempts.push(context.attempt);
      throw new Error(`try ${context.attempt}`);
    });
    await runner.schedule(db.kysely, { kind: "flaky", maxAttempts: 3 });
    await runner.runDue();
    clock.advance(999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    clock.advance(1999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    await runner.runDue();
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await db.kysely.selectFrom("jobs").select(["status", "last_error"]).executeTakeFirstOrThrow()).toEqual({ status: "failed", last_error: "try 3" });
  });

  it("two runners on one database never run the same job, even while both claim at the same time", async () => {
    const { db } = await database();
    const clock = manualClock();
    const first = createJobRunner(db.kysely, db.dialect, { clock, batch: 5 });
    const second = createJobRunner(db.kysely, db.dialect, { clock, batch: 5 });
    const runsOf = new Map<number, string[]>();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const runner of [first, second]) {
      runner.register(
        "count",
        async (payload: { n: number }) => {
          runsOf.set(payload.n, [...(runsOf.get(payload.n) ?? []), runner.id]);
          await gate;
        },
        { concurrency: 5 },
      );
    }
    for (let n = 0; n < 40; n++) await first.schedule(db.kysely, { kind: "count", payload: { n } });
    const both = Promise.all([first.runDue(), second.runDue()]);
    // While the first batches are held, a runner that claims now finds nothing the other holds.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const [a, b] = await both;
    expect(a + b).toBe(40);
    expect([...runsOf.values()].every((runners) => runners.length === 1)).toBe(true);
    expect(runsOf.size).toBe(40);
  });

  it("a job scheduled before a restart runs after it, and a claim left by a dead runner is taken again when it expires", async () => {
    const { db, reopen } = await database();
    const clock = manualClock();
    const before = createJobRunner(db.kysely, db.dialect, { clock, lockMs: 60_000 });
    await before.schedule(db.kysely, { kind: "survive", payload: { text: "still here" } });
    await before.schedule(db.kysely, { kind: "crash" });
    before.register("survive", async () => {
      throw new Error("not yet");
    });
    // The process dies while running "crash": its claim stays behind.
    await db.kysely.updateTable("jobs").set({ status: "running", locked_until: new Date(clock.now().getTime() + 60_000).toISOString(), locked_by: "dead", attempts: 1 }).where("kind", "=", "crash").execute();
    await db.close();

    const restarted = await reopen();
    const after = createJobRunner(restarted.kysely, restarted.dialect, { clock, lockMs: 60_000 });
    const ran: string[] = [];
    after.register("survive", async (payload: { text: string }) => void ran.push(payload.text));
    after.register("crash", async () => void ran.push("crash"));
    expect(await after.runDue()).toBe(1);
    expect(ran).toEqual(["still here"]);
    clock.advance(60_000);
    expect(await after.runDue()).toBe(1);
    expect(ran).toEqual(["still here", "crash"]);
  });
});

describe("the durable job runner: claims", () => {
  it("renews a claim while its handler runs: a slow job whose claim time has passed is not taken, and so not run, by another runner", async () => {
    const { db } = await database();
    const clock = manualClock();
    const timers = manualTimers(clock);
    const lockMs = 60_000;
    const first = createJobRunner(db.kysely, db.dialect, { clock, timers, lockMs, logError: () => undefined });
    const second = createJobRunner(db.kysely, db.dialect, { clock, timers: manualTimers(clock), lockMs });
    let finish!: () => void;
    const slowSend = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const sends: string[] = [];
    first.register("send", async (payload: { to: string }) => {
      started();
      await slowSend;
      sends.push(`first:${payload.to}`);
    }, { timeoutMs: 10 * lockMs });
    second.register("send", async (payload: { to: string }) => void sends.push(`second:${payload.to}`));
    await first.schedule(db.kysely, { kind: "send", payload: { to: "ada@example.test" } });

    const firstRun = first.runDue();
    await running;
    // Five claim lengths pass while the send is still going: the renewal timer fires every third of one.
    for (let i = 0; i < 15; i++) {
      clock.advance(lockMs / 3);
      await timers.fire();
      expect(await second.runDue()).toBe(0);
    }
    const row = await db.kysely.selectFrom("jobs").select(["status", "locked_by", "locked_until", "attempts"]).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "running", locked_by: first.id, attempts: 1 });
    expect(new Date(row.locked_until!).getTime()).toBeGreaterThan(clock.now().getTime());

    finish();
    expect(await firstRun).toBe(1);
    expect(sends).toEqual(["first:ada@example.test"]);
    expect(await db.kysely.selectFrom("jobs").select(["status", "attempts"]).executeTakeFirstOrThrow()).toEqual({ status: "done", attempts: 1 });
    // Nothing is held any more: no renewal is left waiting.
    expect(timers.size).toBe(0);
  });
});

describe("the durable job runner: timeouts and concurrency", () => {
  it("fails a try that outlives its kind's timeout and retries it with backoff, telling the handler through its signal", async () => {
    const { db } = await database();
    const clock = manualClock();
    const timers = manualTimers(clock);
    const failures: boolean[] = [];
    const runner = createJobRunner(db.kysely, db.dialect, { clock, timers, retryBaseMs: 1000, onFailure: (_kind, final) => failures.push(final), logError: () => undefined });
    const aborted: boolean[] = [];
    let started!: () => void;
    let running = new Promise<void>((resolve) => (started = resolve));
    runner.register("hang", async (_payload, context) => {
      started();
      if (context.attempt === 1) {
        await new Promise<void>((resolve) => context.signal.addEventListener("abort", () => resolve()));
        aborted.push(context.signal.aborted);
        return;
      }
    }, { timeoutMs: 30_000 });
    await runner.schedule(db.kysely, { kind: "hang" });

    const firstTry = runner.runDue();
    await running;
    clock.advance(29_999);
    await timers.fire();
    clock.advance(1);
    await timers.fire();
    expect(await firstTry).toBe(1);
    expect(aborted).toEqual([true]);
    expect(failures).toEqual([false]);
    const failed = await db.kysely.selectFrom("jobs").select(["status", "attempts", "last_error", "run_at"]).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "queued", attempts: 1, last_error: "job hang timed out after 30000 ms" });
    expect(failed.run_at).toBe(new Date(clock.now().getTime() + 1000).toISOString());

    running = new Promise<void>((resolve) => (started = resolve));
    clock.advance(1000);
    expect(await runner.runDue()).toBe(1);
    expect(await db.kysely.selectFrom("jobs").select(["status", "attempts"]).executeTakeFirstOrThrow()).toEqual({ status: "done", attempts: 2 });
  });

  it("runs at most a kind's concurrency at once per runner and leaves the rest queued for another runner; other kinds are not held up", async () => {
    const { db } = await database();
    const clock = manualClock();
    const first = createJobRunner(db.kysely, db.dialect, { clock, timers: manualTimers(clock) });
    const second = createJobRunner(db.kysely, db.dialect, { clock, timers: manualTimers(clock) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const now = { first: 0, second: 0 };
    const most = { first: 0, second: 0 };
    const arrivals: Array<() => void> = [];
    const arrived = (count: number) => new Promise<void>((resolve) => arrivals.push(() => now.first + now.second >= count && resolve()));
    const notes: string[] = [];
    for (const [name, runner] of [["first", first], ["second", second]] as const) {
      runner.register("smtp", async () => {
        now[name]++;
        most[name] = Math.max(most[name], now[name]);
        for (const arrival of arrivals) arrival();
        await gate;
        now[name]--;
      }, { concurrency: 2 });
      runner.register("note", async () => void notes.push(name));
    }
    for (let i = 0; i < 6; i++) await first.schedule(db.kysely, { kind: "smtp", payload: { i } });
    await first.schedule(db.kysely, { kind: "note" });

    const firstRun = first.runDue();
    await arrived(2);
    // Two sends in hand on the first runner, the note done beside them, four sends still queued, not claimed.
    await vi.waitFor(() => expect(notes).toEqual(["first"]));
    const queued = () => db.kysely.selectFrom("jobs").select("id").where("kind", "=", "smtp").where("status", "=", "queued").execute();
    expect(await queued()).toHaveLength(4);
    const secondRun = second.runDue();
    await arrived(4);
    expect(await queued()).toHaveLength(2);
    // A job of another kind that comes due while the sends still run is not held up behind them.
    await first.schedule(db.kysely, { kind: "note" });
    first.wake();
    await vi.waitFor(() => expect(notes).toHaveLength(2));
    release();
    expect((await firstRun) + (await secondRun)).toBe(8);
    expect(most).toEqual({ first: 2, second: 2 });
    expect(await db.kysely.selectFrom("jobs").select("id").where("status", "=", "done").execute()).toHaveLength(8);
  });
});

describe("the durable job runner: rendering yields to requests", () => {
  it("holds a rendering job of the started runner until the requests leave it a turn; runDue() called directly never waits", async () => {
    const { db } = await database();
    let asked = 0;
    let release = () => {};
    const turn = () => {
      asked++;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const runner = createJobRunner(db.kysely, db.dialect, { pressure: { turn }, pollMs: 60_000 });
    const ran: string[] = [];
    runner.register("render", async (payload: { name: string }) => void ran.push(payload.name), { yieldsToRequests: true });
    runner.register("timed", async (payload: { name: string }) => void ran.push(payload.name));
    await runner.schedule(db.kysely, { kind: "render", payload: { name: "by runDue" } });
    await runner.runDue();
    expect({ ran, asked }).toEqual({ ran: ["by runDue"], asked: 0 });

    await runner.schedule(db.kysely, { kind: "render", payload: { name: "rendered later" } });
    await runner.schedule(db.kysely, { kind: "timed", payload: { name: "not held" } });
    runner.start();
    cleanups.push(() => runner.stop());
    await vi.waitFor(() => expect(asked).toBe(1), { timeout: 5000, interval: 10 });
    await vi.waitFor(() => expect(ran).toEqual(["by runDue", "not held"]), { timeout: 5000, interval: 10 });
    release();
    await vi.waitFor(() => expect(ran).toEqual(["by runDue", "not held", "rendered later"]), { timeout: 5000, interval: 10 });
  });
});
