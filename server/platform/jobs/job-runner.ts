import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../clock";
import type { JobsTable } from "./jobs.tables";

export type JobRow = Selectable<JobsTable>;

export interface JobContext {
  /** 1 on the first try. */
  attempt: number;
  /** True when a failure now marks the job failed for good. */
  lastAttempt: boolean;
  now: Date;
}

/** Does the work of one job; throwing schedules a retry with backoff (until the last attempt). */
export type JobHandler = (payload: any, context: JobContext) => Promise<void>;

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
  /** A claimed job is taken again by another runner when its runner has not finished it after this long. */
  lockMs?: number;
  /** How often the queue is looked at when nothing wakes the runner. */
  pollMs?: number;
  batch?: number;
  defaultMaxAttempts?: number;
  logError?: (error: unknown, message: string) => void;
  /** Told of every failed try: `final` when the job is given up, otherwise a retry is scheduled (metrics). */
  onFailure?: (kind: string, final: boolean) => void;
}

/** Jobs waiting, per kind: `due` (may run now: queued and due, or a claim that expired), `scheduled` (later), `running`. */
export interface JobDepth {
  kind: string;
  state: "due" | "scheduled" | "running";
  count: number;
}

/**
 * One durable job runner for everything that runs later (docs/decisions: job runner). Jobs are rows of `jobs`,
 * scheduled with the caller's transaction so they exist exactly when the change that makes them due is committed.
 * A claim is one UPDATE of the due rows (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so concurrent runners take different
 * jobs; SQLite: writes are serialised, so the conditional UPDATE is the claim). A failure is retried with
 * exponential backoff; a runner that dies leaves its claim to expire after `lockMs`.
 */
export function createJobRunner(db: Kysely<Database>, dialect: "sqlite" | "postgres", options: JobRunnerOptions = {}) {
  const clock = options.clock ?? systemClock;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const batch = options.batch ?? 10;
  const defaultMaxAttempts = options.defaultMaxAttempts ?? 8;
  const logError = options.logError ?? ((error, message) => console.error(message, error));
  const runnerId = randomUUID();
  const handlers = new Map<string, JobHandler>();
  let stopped = true;
  let loop: Promise<void> | null = null;
  let again = false;
  let wake: (() => void) | null = null;

  async function claim(): Promise<JobRow[]> {
    const now = clock.now().toISOString();
    const until = new Date(clock.now().getTime() + lockMs).toISOString();
    const lock = dialect === "postgres" ? sql`for update skip locked` : sql``;
    const result = await sql<JobRow>`
      update jobs set status = 'running', locked_until = ${until}, locked_by = ${runnerId}, attempts = attempts + 1
      where id in (
        select id from jobs
        where (status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until <= ${now})
        order by run_at limit ${batch} ${lock}
      )
      returning *`.execute(db);
    return result.rows;
  }

  async function finish(job: JobRow, changes: Partial<JobsTable>): Promise<void> {
    // Only while the claim is still ours: a runner whose claim expired must not overwrite the next one's result.
    await db.updateTable("jobs").set({ locked_until: null, locked_by: null, ...changes }).where("id", "=", job.id).where("locked_by", "=", runnerId).execute();
  }

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    const lastAttempt = job.attempts >= job.max_attempts;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(JSON.parse(job.payload_json), { attempt: job.attempts, lastAttempt, now: clock.now() });
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
  handlers.set(CLEANUP_JOB, async (_payload, context) => {
    const day = 24 * 60 * 60_000;
    await db.deleteFrom("jobs").where("status", "=", "done").where("finished_at", "<", new Date(context.now.getTime() - 7 * day).toISOString()).execute();
    await db.deleteFrom("jobs").where("status", "=", "failed").where("finished_at", "<", new Date(context.now.getTime() - 30 * day).toISOString()).execute();
    await runner.scheduleDaily(CLEANUP_JOB);
  });

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

    register(kind: string, handler: JobHandler): void {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, handler);
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
      const now = clock.now().toISOString();
      const count = (state: JobDepth["state"], where: (query: ReturnType<typeof base>) => ReturnType<typeof base>) =>
        where(base())
          .execute()
          .then((rows) => rows.map((row) => ({ kind: row.kind, state, count: Number(row.count) })));
      const base = () => db.selectFrom("jobs").select((eb) => ["kind", eb.fn.countAll<number | string>().as("count")]).groupBy("kind");
      const rows = await Promise.all([
        count("due", (query) =>
          query.where((eb) => eb.or([eb.and([eb("status", "=", "queued"), eb("run_at", "<=", now)]), eb.and([eb("status", "=", "running"), eb("locked_until", "<=", now)])])),
        ),
        count("scheduled", (query) => query.where("status", "=", "queued").where("run_at", ">", now)),
        count("running", (query) => query.where("status", "=", "running").where("locked_until", ">", now)),
      ]);
      return rows.flat();
    },

    /** Claims what is due now and runs it; the number of jobs run. Tests call it after moving their clock. */
    async runDue(): Promise<number> {
      let count = 0;
      for (;;) {
        const jobs = await claim();
        for (const job of jobs) await run(job);
        count += jobs.length;
        if (jobs.length < batch) return count;
      }
    },

    /** Something was scheduled: look now rather than at the next poll. */
    wake(): void {
      again = true;
      wake?.();
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
