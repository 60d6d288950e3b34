import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DAY_MS } from "../../platform/clock";
import type { JobRunner, ScheduleJob } from "../../platform/jobs/job-runner";

/** The timed work of a deliverable (LIFECYCLE.md): the end of a review window, its reminders, a due date passed. */
export const REVIEW_END_JOB = "order.review-end";
export const REVIEW_REMINDER_JOB = "order.review-reminder";
export const LATE_JOB = "order.late";
/** A day before the due date: staff are told of work at risk (issue 26, point 11). */
export const AT_RISK_JOB = "order.at-risk";
/** Work due within this long and not delivered is at risk (issue 26, point 3). */
export const AT_RISK_MS = DAY_MS;

/** Which deliverable a job is about (migrated jobs and new ones alike name it: 2026-11-25-60-deliverables.ts). */
export interface WorkRef {
  orderId: string;
  deliverableId: string;
}

/** What the job handlers call (order-timed-moves.ts). */
export interface OrderJobHandlers {
  autoComplete(ref: WorkRef, version: number): Promise<void>;
  remindReview(ref: WorkRef, version: number): Promise<void>;
  flagLate(ref: WorkRef): Promise<void>;
  flagAtRisk(ref: WorkRef): Promise<void>;
}

export function registerOrderJobs(jobs: JobRunner, handlers: OrderJobHandlers): void {
  jobs.register(REVIEW_END_JOB, (payload: WorkRef & { version: number }) => handlers.autoComplete(payload, payload.version));
  jobs.register(REVIEW_REMINDER_JOB, (payload: WorkRef & { version: number }) => handlers.remindReview(payload, payload.version));
  jobs.register(LATE_JOB, (payload: WorkRef) => handlers.flagLate(payload));
  jobs.register(AT_RISK_JOB, (payload: WorkRef) => handlers.flagAtRisk(payload));
}

/**
 * The check for lateness at the due date, and for work at risk a day before it (once per due date: a moved due date
 * schedules others; a due date less than a day away is checked at once).
 */
export function lateJobs(work: { id: string; deliverable_id: string }, dueAt: string): ScheduleJob[] {
  const payload = { orderId: work.id, deliverableId: work.deliverable_id };
  return [
    { kind: LATE_JOB, payload, runAt: new Date(dueAt), uniqueKey: `${LATE_JOB}:${work.deliverable_id}:${dueAt}` },
    { kind: AT_RISK_JOB, payload, runAt: new Date(new Date(dueAt).getTime() - AT_RISK_MS), uniqueKey: `${AT_RISK_JOB}:${work.deliverable_id}:${dueAt}` },
  ];
}

/** Schedules lateJobs in `trx`, in one statement. */
export function scheduleLate(jobs: JobRunner, trx: Kysely<Database>, work: { id: string; deliverable_id: string }, dueAt: string): Promise<void> {
  return jobs.schedule(trx, lateJobs(work, dueAt));
}

/** A delivered version's review window: its end, a reminder half-way and one a day before the end (when later). */
export async function scheduleReview(
  jobs: JobRunner,
  trx: Kysely<Database>,
  delivery: WorkRef & { version: number; at: Date; reviewEnds: Date; reviewDays: number },
): Promise<void> {
  const { orderId, deliverableId, version, at, reviewEnds, reviewDays } = delivery;
  const key = `${deliverableId}:${version}`;
  const payload = { orderId, deliverableId, version };
  const half = new Date(at.getTime() + (reviewDays * DAY_MS) / 2);
  const lastDay = new Date(reviewEnds.getTime() - DAY_MS);
  await jobs.schedule(trx, [
    { kind: REVIEW_END_JOB, payload, runAt: reviewEnds, uniqueKey: `${REVIEW_END_JOB}:${key}` },
    { kind: REVIEW_REMINDER_JOB, payload, runAt: half, uniqueKey: `${REVIEW_REMINDER_JOB}:${key}:half` },
    ...(lastDay > half ? [{ kind: REVIEW_REMINDER_JOB, payload, runAt: lastDay, uniqueKey: `${REVIEW_REMINDER_JOB}:${key}:last` }] : []),
  ]);
}
