import { HOUR_MS, type Clock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { FileStorage } from "./storage";

/**
 * How long an unfinished upload's `.part` file is left alone after its last write. An upload in progress writes
 * every moment (its mtime keeps moving), so only one that has stalled this long, or whose process was killed
 * (`kill -9`, a crash, a lost machine), is removed; an upload on another instance sharing the disk is never cut off.
 */
export const UNFINISHED_UPLOAD_MAX_AGE_MS = HOUR_MS;

export const STALE_UPLOADS_JOB = "storage.remove-unfinished";

/**
 * Clears what uploads killed midway left on local disk (64 KB to the upload limit each): once at start, and daily
 * through the job runner, both with the injected clock. S3 storage writes no such files.
 */
export function createStaleUploadSweep({ storage, jobs, clock }: { storage: FileStorage; jobs: JobRunner; clock: Clock }) {
  const sweep = async (now: Date): Promise<number> => (await storage.removeUnfinished?.(new Date(now.getTime() - UNFINISHED_UPLOAD_MAX_AGE_MS))) ?? 0;
  // Registered whatever the storage, so a sweep scheduled before a move to S3 finds its handler (and ends there).
  jobs.register(STALE_UPLOADS_JOB, async (_payload, context) => {
    await sweep(context.now);
    if (storage.removeUnfinished) await jobs.scheduleDaily(STALE_UPLOADS_JOB);
  });
  return {
    /**
     * At start: removes what is old enough now and makes sure the daily sweep is scheduled. A failing sweep (a disk
     * it may not read) is one line in `log`, not a store that never starts; the daily job tries again.
     */
    async prepare(log: (line: string) => void = () => {}): Promise<void> {
      if (!storage.removeUnfinished) return;
      await jobs.scheduleDaily(STALE_UPLOADS_JOB);
      try {
        const removed = await sweep(clock.now());
        if (removed > 0) log(`Removed ${removed} unfinished upload file(s) (.part) a stopped process left behind`);
      } catch (error) {
        log(`Could not remove unfinished uploads (.part files): ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
