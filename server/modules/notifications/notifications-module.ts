import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import { createTransactionOpener } from "../../platform/transactions";
import type { MailService } from "../mail";
import { registerDigestJob, scheduleNextDigest, sendDigests } from "./notification-digest";
import type { StaffNotifier, StaffRoster } from "./notification-ports";
import { createNotificationsRepository } from "./notifications.repository";
import { createNotificationsService, type NotificationsService } from "./notifications.service";
import { createNotifier } from "./notify";

export interface NotificationsModuleDeps {
  db: Kysely<Database>;
  /** Who is active staff, and their role (the staff module's directory). */
  roster: StaffRoster;
  mail: MailService;
  jobs: Pick<JobRunner, "register" | "schedule">;
  clock?: Clock;
}

export interface NotificationsModule {
  /** The centre's reads and the person's choices (the routes). */
  notifications: NotificationsService;
  /** The port other modules tell staff through, inside their own transaction. */
  notifier: StaffNotifier;
  /** At start: the hourly digest run is scheduled. */
  prepare(): Promise<void>;
  /** Sends the digests due now (the job's work; tests call it through the job runner). */
  sendDigests(): Promise<number>;
}

/** The notifications domain wired once (issue 26, point 11): the centre, the notifier port and the mail digest job. */
export function createNotificationsModule(deps: NotificationsModuleDeps): NotificationsModule {
  const clock = deps.clock ?? systemClock;
  const repository = createNotificationsRepository(deps.db);
  const digest = { ...deps, repository, clock, transaction: createTransactionOpener(deps.db) };
  registerDigestJob(digest);
  return {
    notifications: createNotificationsService(repository, clock),
    notifier: createNotifier({ repository, roster: deps.roster, clock }),
    prepare: () => scheduleNextDigest(digest),
    sendDigests: () => sendDigests(digest),
  };
}
