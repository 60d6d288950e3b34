import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { withNextStatement } from "../../db/with-next-statement";
import type { JobRunner, ScheduleJob } from "../../platform/jobs/job-runner";
import { systemClock } from "../../platform/clock";
import { storeAttachments } from "./mail-attachments";
import { createMailComposer } from "./mail-composer";
import { createStoredMailRendering } from "./mail-rendering";
import type { MailOptions, OutgoingMail, StoredContent } from "./mail-types";
import { createMailbox, type Mailbox } from "./mailbox";
import { createMailSender, MAIL_DELIVER_JOB, MAIL_RETENTION_MS, purgeSentMail } from "./mail.sender";
import { DEFAULT_BRAND } from "./templates/mail-template";

export type { TemplatedMail } from "./render-mail";
export type { AttachmentRef, AttachmentRenderer, MailAttachment, RenderedAttachment } from "./mail-attachments";
export type { MailMessage, MailOptions, OutgoingMail, StoredMail } from "./mail-types";

const MAIL_PURGE_JOB = "mail.purge";
/** Outbox transport: renders a mail stored inside a transaction once that has committed. */
const MAIL_RENDER_JOB = "mail.render";

/** Sends (stores) mail, and reads what was stored. */
export interface MailService extends Mailbox {
  /**
   * Stores the mail. In `trx` (so it exists only if the change it tells about is committed) it is stored as facts
   * and rendered after the commit; without one it is rendered now.
   */
  send(outgoing: OutgoingMail, trx?: Kysely<Database>): Promise<void>;
  /**
   * `send` in `trx`, but the job that delivers or renders the mail is returned, not scheduled: the caller schedules it
   * in `trx` with its own jobs, in one statement (placing an order, issue 27). The runner is woken by the caller.
   */
  queue(outgoing: OutgoingMail, trx: Kysely<Database>): Promise<ScheduleJob[]>;
  /** At start: makes sure the daily purge is scheduled. */
  prepare(): Promise<void>;
  /** Closes the SMTP connection (the job runner is stopped by its owner). */
  stop(): void;
}

/**
 * Every mail is stored first. With MAIL_TRANSPORT=outbox it stays there (listed at /dev/mailbox outside production);
 * with smtp a `mail.deliver` job is scheduled with it, in the same transaction when one is given, and the job runner
 * delivers it, retrying failures, so a down SMTP server loses nothing. A mail sent inside a transaction is stored as
 * facts (template, data, documents to attach) and rendered after the commit: by the job that delivers it (smtp), by
 * a `mail.render` job (outbox), or by whoever reads it first, so no transaction waits on React Email or a PDF
 * (docs/decisions/0056).
 */
export function createMailService(db: Kysely<Database>, options: MailOptions, jobs: JobRunner): MailService {
  const clock = options.clock ?? systemClock;
  const composer = createMailComposer(options.brand ?? DEFAULT_BRAND, options.attachmentSources ?? {});
  const rendering = createStoredMailRendering(db, composer);
  const sender =
    options.transport === "smtp" && options.smtpUrl
      ? createMailSender(db, {
          smtpUrl: options.smtpUrl,
          from: options.from,
          metrics: options.metrics,
          render: rendering.ensureRendered,
        })
      : null;
  if (!sender)
    jobs.register(
      MAIL_RENDER_JOB,
      async (payload: { mailId: string }) => void (await rendering.ensureRendered(payload.mailId)),
      // React Email and the PDFs cost ~20 ms each: while orders arrive fast they wait, and drain after (issue 27).
      { yieldsToRequests: true },
    );
  // Four SMTP sends at once per instance; one that outlasts the transport's own timeouts (10 s + 10 s + 30 s) is failed
  // and retried rather than holding its slot (docs/decisions/0052).
  if (sender) jobs.register(MAIL_DELIVER_JOB, sender.deliver, { concurrency: 4, timeoutMs: 90_000, yieldsToRequests: true });
  // Daily: mail past its retention is deleted (stored mail holds names and addresses).
  jobs.register(MAIL_PURGE_JOB, async (_payload, context) => {
    await purgeSentMail(db, new Date(context.now.getTime() - MAIL_RETENTION_MS).toISOString());
    await jobs.scheduleDaily(MAIL_PURGE_JOB);
  });

  /** Stores the mail (as facts in a transaction, rendered without one); the job it needs, if any. */
  const store = async (outgoing: OutgoingMail, trx: Kysely<Database>): Promise<ScheduleJob[]> => {
    const id = randomUUID();
    const inTransaction = trx !== db;
    let content: StoredContent;
    if (inTransaction) content = await composer.facts(outgoing);
    else {
      const message = await composer.compose(outgoing);
      content = {
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        attachments_json: storeAttachments(message.attachments),
        pending_json: null,
      };
    }
    await trx
      .insertInto("mail_messages")
      .values({
        id,
        to_address: outgoing.to,
        ...content,
        status: sender ? "queued" : "outbox",
        attempts: 0,
        last_error: null,
        created_at: clock.now().toISOString(),
        sent_at: null,
        secrets: outgoing.secrets?.length ? JSON.stringify(outgoing.secrets) : null,
      })
      .modifyEnd(withNextStatement)
      .execute();
    if (sender) return [{ kind: MAIL_DELIVER_JOB, payload: { mailId: id }, maxAttempts: options.maxAttempts }];
    return inTransaction ? [{ kind: MAIL_RENDER_JOB, payload: { mailId: id } }] : [];
  };

  return {
    ...createMailbox(db, rendering),

    async send(outgoing, trx = db) {
      const toSchedule = await store(outgoing, trx);
      if (toSchedule.length === 0) return;
      await jobs.schedule(trx, toSchedule);
      // On SQLite the runner's claim waits for this transaction's commit, so the job runs right after it.
      jobs.wake();
    },

    queue: store,

    prepare: () => jobs.scheduleDaily(MAIL_PURGE_JOB),

    stop() {
      sender?.close();
    },
  };
}
