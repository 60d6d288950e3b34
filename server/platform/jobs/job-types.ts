import type { Selectable } from "kysely";
import type { Clock } from "../clock";
import type { Timers } from "../timers";
import type { JobsTable } from "./jobs.tables";
import type { RequestPressure } from "./request-pressure";

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
  /**
   * Rendering (mail, PDFs) that the started runner holds back while requests arrive fast (request-pressure.ts): each
   * job waits for its turn, so a burst of orders is not slowed by the rendering of the ones before. `runDue()` called
   * directly (tests, scripts) never waits.
   */
  yieldsToRequests?: boolean;
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
  /** How busy the server is, for the kinds that yield to requests; without it they never wait. */
  pressure?: Pick<RequestPressure, "turn">;
}

/** A registered kind: its handler, how many run at once, and how long a try may take. */
export interface RegisteredJob {
  handler: JobHandler;
  concurrency: number;
  timeoutMs: number;
}
