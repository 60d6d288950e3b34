import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../clock";
import type { Timers } from "../timers";
import type { RunAttempt } from "./job-attempt";
import type { JobRow } from "./job-types";

export interface JobHoldingDeps {
  db: Kysely<Database>;
  clock: Clock;
  timers: Timers;
  runnerId: string;
  lockMs: number;
  run: RunAttempt;
  logError: (error: unknown, message: string) => void;
}

/** The claims this runner holds (all of their jobs running), kept alive while their jobs run. */
export interface JobHolding {
  /** Jobs this runner holds a claim on, by id. */
  held: ReadonlyMap<string, JobRow>;
  /** How many jobs of each kind run here now. */
  runningOf: ReadonlyMap<string, number>;
  /** Runs a claimed job while holding its claim: counted against its kind's concurrency, renewed until it ends. */
  hold(job: JobRow): Promise<void>;
  /** Moves every claim this runner holds `lockMs` on from now; renews itself while any is held. */
  renewClaims(): Promise<void>;
}

export function createJobHolding({ db, clock, timers, runnerId, lockMs, run, logError }: JobHoldingDeps): JobHolding {
  const held = new Map<string, JobRow>();
  const runningOf = new Map<string, number>();
  let cancelRenewal: (() => void) | null = null;

  async function renewClaims(): Promise<void> {
    cancelRenewal = null;
    if (held.size === 0) return;
    const until = new Date(clock.now().getTime() + lockMs).toISOString();
    try {
      await db
        .updateTable("jobs")
        .set({ locked_until: until })
        .where("id", "in", [...held.keys()])
        .where("locked_by", "=", runnerId)
        .where("status", "=", "running")
        .execute();
    } catch (error) {
      logError(error, "job runner: renewing claims");
    }
    keepRenewing();
  }

  function keepRenewing(): void {
    if (held.size > 0 && !cancelRenewal) cancelRenewal = timers.after(Math.floor(lockMs / 3), renewClaims);
  }

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

  return { held, runningOf, hold, renewClaims };
}
