import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { withNextStatement } from "../../db/with-next-statement";
import { systemClock } from "../clock";
import { systemTimers } from "../timers";
import { createJobAttempt } from "./job-attempt";
import { createClaimRound } from "./job-claims";
import { CLEANUP_JOB, cleanupJob, nextDailyRun } from "./job-cleanup";
import { jobDepth, type JobDepth } from "./job-depth";
import { createJobHolding } from "./job-holding";
import { createJobLoop, type JobLoop } from "./job-loop";
import type { RequestPressure } from "./request-pressure";
import type { JobHandler, JobKindOptions, JobRunnerOptions, RegisteredJob, ScheduleJob } from "./job-types";

export type { JobDepth };
export type { JobContext, JobHandler, JobKindOptions, JobRow, JobRunnerOptions, ScheduleJob } from "./job-types";

/** Schedules, registers and runs the store's durable jobs. */
export interface JobRunner extends Pick<JobLoop, "wake" | "start" | "stop"> {
  id: string;
  /** Schedules `kind` for the next 03:00 UTC, once whatever the number of instances that ask (the key names the day). */
  scheduleDaily(kind: string, payload?: unknown): Promise<void>;
  /** At start: makes sure the daily clean-up is scheduled. */
  prepare(): Promise<void>;
  /** `handler` is the one reader of its kind's payloads: the kind is the contract between scheduler and handler. */
  register<Payload>(kind: string, handler: JobHandler<Payload>, kindOptions?: JobKindOptions): void;
  /**
   * Adds jobs in `trx` (the transaction that makes them due) or on their own, several in one statement (a round trip
   * each counts on PostgreSQL: issue 27); a known `uniqueKey` adds nothing.
   */
  schedule(trx: Kysely<Database>, job: ScheduleJob | readonly ScheduleJob[]): Promise<void>;
  /** How many jobs wait, per kind and state (read when /metrics is scraped: three grouped counts on the jobs table). */
  depth(): Promise<JobDepth[]>;
  /**
   * Claims what is due now and runs it, each kind up to its concurrency at once, claiming more as jobs end, until
   * nothing due is left; the number of jobs run. Tests call it after moving their clock.
   */
  runDue(): Promise<number>;
  /** Renews this runner's claims now (the timer does it every third of `lockMs` while a job runs). */
  renewClaims(): Promise<void>;
}

/**
 * `handler`, waiting first for its turn when it yields to requests (`gate`); only the started loop (the server's
 * background) yields: a test or script calling runDue() never waits.
 */
function yieldingHandler(handler: JobHandler, gate: Pick<RequestPressure, "turn"> | undefined, loop: Pick<JobLoop, "inRound">): JobHandler {
  if (!gate) return handler;
  return async (payload, context) => {
    if (loop.inRound) await gate.turn();
    return handler(payload, context);
  };
}

/** A job's row as scheduled: queued, due at `runAt` or now. */
function queuedRow(job: ScheduleJob, now: string, defaultMaxAttempts: number) {
  return {
    id: randomUUID(),
    kind: job.kind,
    payload_json: JSON.stringify(job.payload ?? {}),
    unique_key: job.uniqueKey ?? null,
    status: "queued" as const,
    run_at: job.runAt?.toISOString() ?? now,
    attempts: 0,
    max_attempts: job.maxAttempts ?? defaultMaxAttempts,
    locked_until: null,
    locked_by: null,
    last_error: null,
    created_at: now,
    finished_at: null,
  };
}

/**
 * One durable job runner for everything that runs later (docs/decisions: job runner). Jobs are rows of `jobs`,
 * scheduled with the caller's transaction so they exist exactly when the change that makes them due is committed.
 * A claim takes the due rows of a kind (job-claims.ts), never more than its concurrency has room for. A claim is
 * renewed while its job runs (job-holding.ts), each try has a timeout, and a failure is retried with exponential
 * backoff (job-attempt.ts); a runner that dies leaves its claim to expire after `lockMs` (docs/decisions/0052).
 */
export function createJobRunner(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  options: JobRunnerOptions = {},
): JobRunner {
  const clock = options.clock ?? systemClock;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const defaultMaxAttempts = options.defaultMaxAttempts ?? 8;
  const logError = options.logError ?? ((error, message) => console.error(message, error));
  const timers = options.timers ?? systemTimers;
  const runnerId = randomUUID();
  const handlers = new Map<string, RegisteredJob>();
  const claimRound = createClaimRound({ db, dialect, clock, runnerId, lockMs, batch: options.batch ?? 10, handlers });
  const run = createJobAttempt({
    db,
    clock,
    timers,
    runnerId,
    retryBaseMs: options.retryBaseMs ?? 30_000,
    handlers,
    logError,
    onFailure: options.onFailure,
  });
  const holding = createJobHolding({ db, clock, timers, runnerId, lockMs, run, logError });
  const loop = createJobLoop(() => runner.runDue(), options.pollMs ?? 2_000, logError);

  const runner: JobRunner = {
    id: runnerId,
    async scheduleDaily(kind, payload) {
      const at = nextDailyRun(clock.now());
      await runner.schedule(db, { kind, payload, runAt: at, uniqueKey: `${kind}:${at.toISOString().slice(0, 10)}` });
    },
    prepare: () => runner.scheduleDaily(CLEANUP_JOB),
    register<Payload>(kind: string, handler: JobHandler<Payload>, kindOptions: JobKindOptions = {}) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, {
        handler: yieldingHandler(handler as JobHandler, kindOptions.yieldsToRequests ? options.pressure : undefined, loop),
        concurrency: Math.max(1, kindOptions.concurrency ?? 1),
        timeoutMs: kindOptions.timeoutMs ?? lockMs,
      });
    },
    async schedule(trx, job) {
      const jobs: readonly ScheduleJob[] = Array.isArray(job) ? job : [job];
      if (jobs.length === 0) return;
      const now = clock.now().toISOString();
      await trx
        .insertInto("jobs")
        .values(jobs.map((one) => queuedRow(one, now, defaultMaxAttempts)))
        .onConflict((oc) => oc.column("unique_key").doNothing())
        // Nobody reads a job in the transaction that schedules it: on PostgreSQL it goes out with the next statement.
        .modifyEnd(withNextStatement)
        .execute();
    },
    depth: () => jobDepth(db, clock.now()),
    async runDue() {
      let count = 0;
      const running = new Set<Promise<void>>();
      for (;;) {
        // A claim of our own that expired (renewals failed) comes back here: it is running already.
        const claimed = (await claimRound(holding.runningOf)).filter((job) => !holding.held.has(job.id));
        for (const job of claimed) {
          const done: Promise<void> = holding.hold(job).finally(() => running.delete(done));
          running.add(done);
        }
        count += claimed.length;
        if (running.size === 0) return count;
        // Look again once a job ends, something is scheduled, or a poll interval passed (another kind may have come
        // due while slow jobs run); right away when this round claimed something and there may be more.
        if (claimed.length === 0) await Promise.race([...running, loop.pollOrWake()]);
      }
    },
    renewClaims: holding.renewClaims,
    wake: loop.wake,
    start: loop.start,
    stop: loop.stop,
  };
  handlers.set(CLEANUP_JOB, {
    handler: cleanupJob(db, (kind) => runner.scheduleDaily(kind)),
    concurrency: 1,
    timeoutMs: lockMs,
  });
  return runner;
}
