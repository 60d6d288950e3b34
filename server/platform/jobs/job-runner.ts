import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../clock";
import { systemTimers, withTimeout, type Timers } from "../timers";
import { jobDepth, type JobDepth } from "./job-depth";
import type { JobsTable } from "./jobs.tables";

export type { JobDepth };

export type JobRow = Selectable<JobsTable>;

export interface JobContext {
  /** 1 on the first try. */
  attempt: number;
  /** True when a failure now marks the job failed for good. */
  lastAttempt: boolean;
  now: Date;
  /** Aborted when the handler's time (`timeoutMs`) is up: the try has failed and a retry is scheduled. */
  signal: AbortSignal;
}

/**
 * Does the work of one job; throwing schedules a retry with backoff (until the last attempt). `Payload` is what the
 * code scheduling this kind puts in `payload`, read back from the queue's JSON.
 */
export type JobHandler<Payload = unknown> = (payload: Payload, context: JobContext) => Promise<void>;

export interface JobKindOptions {
  /** Jobs of this kind one runner runs at once (default 1); the others stay queued for another runner to take. */
  concurrency?: number;
  /** A try still running after this long has failed (retried with backoff); default `lockMs`. */
  timeoutMs?: number;
}

export interface ScheduleJob {
  kind: string;
  payload?: unknown;
  /** Due time; now when left out. */
  runAt?: Date;
  /** At most one job with this key ever exists: scheduling it again is a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
}

export interface JobRunnerOptions {
  clock?: Clock;
  /** First retry after this long, each further one twice as long. */
  retryBaseMs?: number;
  /** A claim lasts this long; the runner renews it every third of it while the job runs, so only a runner that died (or cannot reach the database) loses its claim to another. */
  lockMs?: number;
  /** Where renewals and handler timeouts wait (tests: manual timers on their clock). */
  timers?: Timers;
  /** How often the queue is looked at when nothing wakes the runner. */
  pollMs?: number;
  /** At most this many jobs of one kind claimed in one query. */
  batch?: number;
  defaultMaxAttempts?: number;
  logError?: (error: unknown, message: string) => void;
  /** Told of every failed try: `final` when the job is given up, otherwise a retry is scheduled (metrics). */
  onFailure?: (kind: string, final: boolean) => void;
}


/**
 * One durable job runner for everything that runs later (docs/decisions: job runner). Jobs are rows of `jobs`,
 * scheduled with the caller's transaction so they exist exactly when the change that makes them due is committed.
 * A claim is one UPDATE of the due rows (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so concurrent runners take different
 * jobs; SQLite: writes are serialised, so the conditional UPDATE is the claim), never more of a kind than its
 * concurrency has room for. A claim is renewed while its job runs, each try has a timeout, and a failure is retried
 * with exponential backoff; a runner that dies leaves its claim to expire after `lockMs` (docs/decisions/0052).
 */
export function createJobRunner(db: Kysely<Database>, dialect: "sqlite" | "postgres", options: JobRunnerOptions = {}) {
  const clock = options.clock ?? systemClock;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const batch = options.batch ?? 10;
  const defaultMaxAttempts = options.defaultMaxAttempts ?? 8;
  const logError = options.logError ?? ((error, message) => console.error(message, error));
  const timers = options.timers ?? systemTimers;
  const runnerId = randomUUID();
  const handlers = new Map<string, { handler: JobHandler; concurrency: number; timeoutMs: number }>();
  /** Jobs this runner holds a claim on (all of them running), and how many run per kind. */
  const held = new Map<string, JobRow>();
  const runningOf = new Map<string, number>();
  let cancelRenewal: (() => void) | null = null;
  let stopped = true;
  let loop: Promise<void> | null = null;
  let again = false;
  let wake: (() => void) | null = null;
  /** runDue calls waiting for a job to end, woken early by `wake()` or the poll interval to claim what became due. */
  const waiting = new Set<() => void>();

  const due = (now: string) => sql`((status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until <= ${now}))`;

  /** Claims up to `limit` due jobs of `kind`. */
  async function claim(kind: string, limit: number): Promise<JobRow[]> {
    const now = clock.now().toISOString();
    const until = new Date(clock.now().getTime() + lockMs).toISOString();
    const lock = dialect === "postgres" ? sql`for update skip locked` : sql``;
    const result = await sql<JobRow>`
      update jobs set status = 'running', locked_until = ${until}, locked_by = ${runnerId}, attempts = attempts + 1
      where id in (
        select id from jobs where kind = ${kind} and ${due(now)}
        order by run_at limit ${limit} ${lock}
      )
      returning *`.execute(db);
    return result.rows;
  }

  /** One round: for every kind with due jobs, as many as its concurrency has room for. */
  async function claimRound(): Promise<JobRow[]> {
    const kinds = await sql<{ kind: string }>`select distinct kind from jobs where ${due(clock.now().toISOString())}`.execute(db);
    const claimed: JobRow[] = [];
    for (const { kind } of kinds.rows) {
      const room = (handlers.get(kind)?.concurrency ?? 1) - (runningOf.get(kind) ?? 0);
      if (room > 0) claimed.push(...(await claim(kind, Math.min(room, batch))));
    }
    return claimed;
  }

  /** Moves every claim this runner holds `lockMs` on from now; renews itself while any is held. */
  async function renewClaims(): Promise<void> {
    cancelRenewal = null;
    if (held.size === 0) return;
    const until = new Date(clock.now().getTime() + lockMs).toISOString();
    try {
      await db.updateTable("jobs").set({ locked_until: until }).where("id", "in", [...held.keys()]).where("locked_by", "=", runnerId).where("status", "=", "running").execute();
    } catch (error) {
      logError(error, "job runner: renewing claims");
    }
    keepRenewing();
  }

  function keepRenewing(): void {
    if (held.size > 0 && !cancelRenewal) cancelRenewal = timers.after(Math.floor(lockMs / 3), renewClaims);
  }

  /** Runs a claimed job while holding its claim: counted against its kind's concurrency, renewed until it ends. */
  async function hold(job: JobRow): Promise<void> {
    held.set(job.id, job);
    runningOf.set(job.kind, (runningOf.get(job.kind) ?? 0) + 1);
    keepRenewing();
    try {
      await run(job);
    } catch (error) {
      // Its result could not be written (the database went away mid-job): the claim expires and the job runs again
      // (at least once, 0017). Rejecting here was an unhandled rejection that ended the process (the fault run).
      logError(error, `job ${job.kind} ${job.id}: result not recorded; it runs again once its claim expires`);
    } finally {
      held.delete(job.id);
      runningOf.set(job.kind, (runningOf.get(job.kind) ?? 1) - 1);
      if (held.size === 0) {
        cancelRenewal?.();
        cancelRenewal = null;
      }
    }
  }

  async function finish(job: JobRow, changes: Partial<JobsTable>): Promise<void> {
    // Only while the claim is still ours: a runner whose claim expired must not overwrite the next one's result.
    await db.updateTable("jobs").set({ locked_until: null, locked_by: null, ...changes }).where("id", "=", job.id).where("locked_by", "=", runnerId).execute();
  }

  async function run(job: JobRow): Promise<void> {
    const registered = handlers.get(job.kind);
    const lastAttempt = job.attempts >= job.max_attempts;
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      const payload: unknown = JSON.parse(job.payload_json);
      await withTimeout(timers, registered.timeoutMs, `job ${job.kind} timed out after ${registered.timeoutMs} ms`, (signal) => registered.handler(payload, { attempt: job.attempts, lastAttempt, now: clock.now(), signal }));
      await finish(job, { status: "done", finished_at: clock.now().toISOString(), last_error: null });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (lastAttempt) logError(error, `job ${job.kind} ${job.id} failed for good`);
      options.onFailure?.(job.kind, lastAttempt);
      await finish(job, {
        status: lastAttempt ? "failed" : "queued",
        run_at: lastAttempt ? job.run_at : new Date(clock.now().getTime() + retryBaseMs * 2 ** (job.attempts - 1)).toISOString(),
        finished_at: lastAttempt ? clock.now().toISOString() : null,
        last_error: message,
      });
    }
  }

  function pollOrWake(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      }
      waiting.add(done);
    });
  }

  function nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  /** Finished jobs are kept a week (failed ones a month) for inspection, then deleted by the daily clean-up. */
  const CLEANUP_JOB = "jobs.cleanup";
  const cleanupAt = (from: Date) => {
    const next = new Date(from);
    next.setUTCHours(3, 0, 0, 0);
    if (next <= from) next.setUTCDate(next.getUTCDate() + 1);
    return next;
  };
  const cleanup: JobHandler = async (_payload, context) => {
    const day = 24 * 60 * 60_000;
    await db.deleteFrom("jobs").where("status", "=", "done").where("finished_at", "<", new Date(context.now.getTime() - 7 * day).toISOString()).execute();
    await db.deleteFrom("jobs").where("status", "=", "failed").where("finished_at", "<", new Date(context.now.getTime() - 30 * day).toISOString()).execute();
    await runner.scheduleDaily(CLEANUP_JOB);
  };
  handlers.set(CLEANUP_JOB, { handler: cleanup, concurrency: 1, timeoutMs: lockMs });

  const runner = {
    id: runnerId,

    /** Schedules `kind` for the next 03:00 UTC, once whatever the number of instances that ask (the key names the day). */
    async scheduleDaily(kind: string, payload?: unknown): Promise<void> {
      const at = cleanupAt(clock.now());
      await runner.schedule(db, { kind, payload, runAt: at, uniqueKey: `${kind}:${at.toISOString().slice(0, 10)}` });
    },

    /** At start: makes sure the daily clean-up is scheduled. */
    async prepare(): Promise<void> {
      await runner.scheduleDaily(CLEANUP_JOB);
    },

    /** `handler` is the one reader of its kind's payloads: the kind is the contract between scheduler and handler. */
    register<Payload>(kind: string, handler: JobHandler<Payload>, kindOptions: JobKindOptions = {}): void {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      const run: JobHandler = (payload, context) => handler(payload as Payload, context);
      handlers.set(kind, { handler: run, concurrency: Math.max(1, kindOptions.concurrency ?? 1), timeoutMs: kindOptions.timeoutMs ?? lockMs });
    },

    /** Adds a job in `trx` (the transaction that makes it due) or on its own; a known `uniqueKey` adds nothing. */
    async schedule(trx: Kysely<Database>, job: ScheduleJob): Promise<void> {
      await trx
        .insertInto("jobs")
        .values({
          id: randomUUID(), kind: job.kind, payload_json: JSON.stringify(job.payload ?? {}), unique_key: job.uniqueKey ?? null, status: "queued",
          run_at: (job.runAt ?? clock.now()).toISOString(), attempts: 0, max_attempts: job.maxAttempts ?? defaultMaxAttempts,
          locked_until: null, locked_by: null, last_error: null, created_at: clock.now().toISOString(), finished_at: null,
        })
        .onConflict((oc) => oc.column("unique_key").doNothing())
        .execute();
    },

    /** How many jobs wait, per kind and state (read when /metrics is scraped: three grouped counts on the jobs table). */
    async depth(): Promise<JobDepth[]> {
      return jobDepth(db, clock.now());
    },

    /**
     * Claims what is due now and runs it, each kind up to its concurrency at once, claiming more as jobs end, until
     * nothing due is left; the number of jobs run. Tests call it after moving their clock.
     */
    async runDue(): Promise<number> {
      let count = 0;
      const running = new Set<Promise<void>>();
      for (;;) {
        // A claim of our own that expired (renewals failed) comes back here: it is running already.
        const claimed = (await claimRound()).filter((job) => !held.has(job.id));
        for (const job of claimed) {
          const done: Promise<void> = hold(job).finally(() => running.delete(done));
          running.add(done);
        }
        count += claimed.length;
        if (running.size === 0) return count;
        // Look again once a job ends, something is scheduled, or a poll interval passed (another kind may have come
        // due while slow jobs run); right away when this round claimed something and there may be more.
        if (claimed.length === 0) await Promise.race([...running, pollOrWake()]);
      }
    },

    /** Renews this runner's claims now (the timer does it every third of `lockMs` while a job runs). */
    renewClaims,

    /** Something was scheduled: look now rather than at the next poll. */
    wake(): void {
      again = true;
      wake?.();
      for (const waiter of waiting) waiter();
    },

    start(): void {
      if (!stopped) return;
      stopped = false;
      loop = (async () => {
        while (!stopped) {
          again = false;
          try {
            await runner.runDue();
          } catch (error) {
            logError(error, "job runner");
          }
          if (!again && !stopped) await nap(pollMs);
        }
      })();
    },

    /** Finishes the jobs in hand, then stops; the rest stay in the database for the next start. */
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await loop;
      loop = null;
    },
  };
  return runner;
}

export type JobRunner = ReturnType<typeof createJobRunner>;
