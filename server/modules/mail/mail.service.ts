import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { StoreMetrics } from "../../platform/metrics";
import { parseAttachments, storeAttachments, type MailAttachment } from "./mail-attachments";
import type { Locale } from "../../i18n/messages";
import { createMailSender, MAIL_DELIVER_JOB, MAIL_RETENTION_MS, purgeSentMail } from "./mail.sender";
import type { TemplatedMail } from "./render-mail";
import { DEFAULT_BRAND, type MailBrand } from "./templates/mail-template";

export type { TemplatedMail };

const MAIL_PURGE_JOB = "mail.purge";

export type { MailAttachment } from "./mail-attachments";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Left out: the text's paragraphs are shown in the shared layout (the `plain` template). */
  html?: string;
  /** The reader's language for the layout around a text-only mail; English when left out. */
  locale?: Locale;
  /** Secrets in the mail (a reset code): blanked out of the stored copy once it is delivered. */
  secrets?: string[];
  /** Sent with the mail (a receipt or invoice PDF); kept with it in the outbox. */
  attachments?: MailAttachment[];
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  createdAt: string;
  attachments: Array<{ fileName: string; contentType: string; size: number }>;
}

export interface MailOptions {
  transport: "outbox" | "smtp";
  smtpUrl?: string;
  from: string;
  /** Tries per mail before it is marked failed (each retry waits twice as long, by the job runner's backoff). */
  maxAttempts?: number;
  metrics?: Pick<StoreMetrics, "mailSent" | "mailFailed">;
  /** The store's name, address and contact in every mail's layout, and the base of its links. */
  brand?: MailBrand;
}

/** Either a finished mail (the shape from before templates) or a template with its data, rendered here. */
export type OutgoingMail = MailMessage | TemplatedMail;

/**
 * Every mail is stored first. With MAIL_TRANSPORT=outbox it stays there (listed at /dev/mailbox outside production);
 * with smtp a `mail.deliver` job is scheduled with it, in the same transaction when one is given, and the job runner
 * delivers it, retrying failures, so a down SMTP server loses nothing.
 */
export function createMailService(db: Kysely<Database>, options: MailOptions, jobs: JobRunner) {
  const sender = options.transport === "smtp" && options.smtpUrl ? createMailSender(db, { smtpUrl: options.smtpUrl, from: options.from, metrics: options.metrics }) : null;
  // Four SMTP sends at once per instance; one that outlasts the transport's own timeouts (10 s + 10 s + 30 s) is failed
  // and retried rather than holding its slot (docs/decisions/0052).
  if (sender) jobs.register(MAIL_DELIVER_JOB, sender.deliver, { concurrency: 4, timeoutMs: 90_000 });
  // Daily: mail past its retention is deleted (stored mail holds names and addresses).
  jobs.register(MAIL_PURGE_JOB, async (_payload, context) => {
    await purgeSentMail(db, new Date(context.now.getTime() - MAIL_RETENTION_MS).toISOString());
    await jobs.scheduleDaily(MAIL_PURGE_JOB);
  });
  const brand = options.brand ?? DEFAULT_BRAND;
  // The renderer (React Email and its components) is loaded with the first mail: a process that sends none (a script,
  // a CLI) does not pay for it at start.
  let renderer: Promise<typeof import("./render-mail")> | undefined;
  const renderMail: (typeof import("./render-mail"))["renderMail"] = async (...args) => (await (renderer ??= import("./render-mail"))).renderMail(...args);
  /** Subject, HTML and text of a mail: a template rendered, a text-only mail put in the layout, or an HTML mail as it is. */
  async function compose(outgoing: OutgoingMail): Promise<MailMessage> {
    if ("template" in outgoing) {
      const rendered = await renderMail(outgoing.template, outgoing.data as never, outgoing.locale, brand, outgoing.notes);
      return { to: outgoing.to, ...rendered, secrets: outgoing.secrets, attachments: outgoing.attachments };
    }
    if (outgoing.html !== undefined) return outgoing;
    const rendered = await renderMail("plain", { subject: outgoing.subject, text: outgoing.text }, outgoing.locale ?? "en", brand);
    // The text part stays the caller's own words.
    return { ...outgoing, html: rendered.html };
  }

  return {
    /** Renders and stores the mail (in `trx` when given, so it exists only if the change it tells about is committed). */
    async send(outgoing: OutgoingMail, trx: Kysely<Database> = db): Promise<void> {
      const message = await compose(outgoing);
      const id = randomUUID();
      const now = new Date().toISOString();
      await trx
        .insertInto("mail_messages")
        .values({
          id, to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? null,
          status: sender ? "queued" : "outbox", attempts: 0, last_error: null, created_at: now, sent_at: null,
          secrets: message.secrets?.length ? JSON.stringify(message.secrets) : null,
          attachments_json: storeAttachments(message.attachments),
        })
        .execute();
      if (sender) {
        await jobs.schedule(trx, { kind: MAIL_DELIVER_JOB, payload: { mailId: id }, maxAttempts: options.maxAttempts });
        if (trx === db) jobs.wake();
      }
    },

    /** At start: makes sure the daily purge is scheduled. */
    prepare: (): Promise<void> => jobs.scheduleDaily(MAIL_PURGE_JOB),

    /** Deletes every mail created before `before` that is no longer waiting to be sent; answers how many. */
    purgeSentMail: (before: string) => purgeSentMail(db, before),

    /** How many mails wait for the SMTP sender (the mail queue's depth). */
    async queued(): Promise<number> {
      const row = await db
        .selectFrom("mail_messages")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", "queued")
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Closes the SMTP connection (the job runner is stopped by its owner). */
    stop(): void {
      sender?.close();
    },

    /** The files attached to a stored mail (tests and the dev mailbox). */
    async attachmentsOf(id: string): Promise<MailAttachment[]> {
      const row = await db.selectFrom("mail_messages").select("attachments_json").where("id", "=", id).executeTakeFirst();
      return parseAttachments(row?.attachments_json ?? null);
    },

    /**
     * Privacy, closing an account: forgets every stored mail to the account's own address since it was registered
     * that is not waiting to be sent. Mail to that address from before (someone else may have held it) stays.
     */
    async forgetRecipient(recipient: { email: string; since: string }, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .deleteFrom("mail_messages")
        .where("to_address", "=", recipient.email)
        .where("created_at", ">=", recipient.since)
        .where("status", "!=", "queued")
        .execute();
    },

    /** One stored mail's HTML part (the development mailbox shows it), or undefined. */
    async html(id: string): Promise<string | undefined> {
      const row = await db.selectFrom("mail_messages").select("html_body").where("id", "=", id).executeTakeFirst();
      return row?.html_body ?? undefined;
    },

    /** Newest first; `to` narrows to one recipient. */
    async list(options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
      let query = db.selectFrom("mail_messages").selectAll().orderBy("created_at", "desc").limit(options.limit ?? 100);
      if (options.to) query = query.where("to_address", "=", options.to);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, status: row.status, createdAt: row.created_at,
        attachments: parseAttachments(row.attachments_json).map((a) => ({ fileName: a.fileName, contentType: a.contentType, size: a.content.length })),
      }));
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
