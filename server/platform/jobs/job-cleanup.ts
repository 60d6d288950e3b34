import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { JobHandler } from "./job-types";

/** Finished jobs are kept a week (failed ones a month) for inspection, then deleted by the daily clean-up. */
export const CLEANUP_JOB = "jobs.cleanup";

/** The next 03:00 UTC after `from`: when daily jobs run. */
export function nextDailyRun(from: Date): Date {
  const next = new Date(from);
  next.setUTCHours(3, 0, 0, 0);
  if (next <= from) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** The clean-up job: deletes old finished jobs, then schedules itself for the next day. */
export function cleanupJob(db: Kysely<Database>, scheduleDaily: (kind: string) => Promise<void>): JobHandler {
  return async (_payload, context) => {
    const day = 24 * 60 * 60_000;
    await db
      .deleteFrom("jobs")
      .where("status", "=", "done")
      .where("finished_at", "<", new Date(context.now.getTime() - 7 * day).toISOString())
      .execute();
    await db
      .deleteFrom("jobs")
      .where("status", "=", "failed")
      .where("finished_at", "<", new Date(context.now.getTime() - 30 * day).toISOString())
      .execute();
    await scheduleDaily(CLEANUP_JOB);
  };
}
