import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../clock";
import { withTimeout, type Timers } from "../timers";
import type { JobRow, JobRunnerOptions, RegisteredJob } from "./job-types";
import type { JobsTable } from "./jobs.tables";

export interface JobAttemptDeps extends Pick<JobRunnerOptions, "onFailure"> {
  db: Kysely<Database>;
  clock: Clock;
  timers: Timers;
  runnerId: string;
  retryBaseMs: number;
  handlers: ReadonlyMap<string, RegisteredJob>;
  logError: (error: unknown, message: string) => void;
}

/** Runs one try of a claimed job and records its result: done, queued again with backoff, or failed for good. */
export type RunAttempt = (job: JobRow) => Promise<void>;

export function createJobAttempt({
  db,
  clock,
  timers,
  runnerId,
  retryBaseMs,
  handlers,
  logError,
  onFailure,
}: JobAttemptDeps): RunAttempt {
  async function finish(job: JobRow, changes: Partial<JobsTable>): Promise<void> {
    // Only while the claim is still ours: a runner whose claim expired must not overwrite the next one's result.
    await db
      .updateTable("jobs")
      .set({ locked_until: null, locked_by: null, ...changes })
      .where("id", "=", job.id)
      .where("locked_by", "=", runnerId)
      .execute();
  }

  return async (job) => {
    const registered = handlers.get(job.kind);
    const lastAttempt = job.attempts >= job.max_attempts;
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      const payload: unknown = JSON.parse(job.payload_json);
      await withTimeout(
        timers,
        registered.timeoutMs,
        `job ${job.kind} timed out after ${registered.timeoutMs} ms`,
        (signal) => registered.handler(payload, { attempt: job.attempts, lastAttempt, now: clock.now(), signal }),
      );
      await finish(job, { status: "done", finished_at: clock.now().toISOString(), last_error: null });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (lastAttempt) logError(error, `job ${job.kind} ${job.id} failed for good`);
      onFailure?.(job.kind, lastAttempt);
      await finish(job, {
        status: lastAttempt ? "failed" : "queued",
        run_at: lastAttempt
          ? job.run_at
          : new Date(clock.now().getTime() + retryBaseMs * 2 ** (job.attempts - 1)).toISOString(),
        finished_at: lastAttempt ? clock.now().toISOString() : null,
        last_error: message,
      });
    }
  };
}
