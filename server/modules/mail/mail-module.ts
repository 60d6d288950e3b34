import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { JobRunner } from "../../platform/jobs/job-runner";
import { createMailService, type MailOptions, type MailService } from "./mail.service";

export interface MailModuleDeps extends MailOptions {
  db: Kysely<Database>;
  /** Delivers (smtp) or renders (outbox) stored mail after the commit, and purges old mail daily. */
  jobs: JobRunner;
}

export interface MailModule {
  /** Every mail the store sends, stored first, then delivered by jobs. */
  mail: MailService;
}

/** The mail domain wired once (a single service); attachment sources (documents' PDFs) are given here, not added later. */
export function createMailModule({ db, jobs, ...options }: MailModuleDeps): MailModule {
  return { mail: createMailService(db, options, jobs) };
}
