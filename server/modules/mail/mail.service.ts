import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { JobRunner } from "../../platform/jobs/job-runner";
import { systemClock, type Clock } from "../../platform/clock";
import type { StoreMetrics } from "../../platform/metrics";
import { parseAttachments, storeAttachments, type AttachmentRef, type AttachmentRenderer, type MailAttachment } from "./mail-attachments";
import type { Locale } from "../../i18n/messages";
import { createMailSender, MAIL_DELIVER_JOB, MAIL_RETENTION_MS, purgeSentMail } from "./mail.sender";
import type { TemplatedMail } from "./render-mail";
import { DEFAULT_BRAND, type MailBrand } from "./templates/mail-template";

export type { TemplatedMail };

const MAIL_PURGE_JOB = "mail.purge";
/** Outbox transport: renders a mail stored inside a transaction once that has committed. */
const MAIL_RENDER_JOB = "mail.render";

export type { AttachmentRef, MailAttachment } from "./mail-attachments";

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
  /** Files rendered with the mail, after the commit (a receipt, invoice or credit note). */
  attach?: AttachmentRef[];
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
  /** Where `created_at` is read; tests pass a manual clock. */
  clock?: Clock;
}

/** Either a finished mail (the shape from before templates) or a template with its data, rendered here. */
export type OutgoingMail = MailMessage | TemplatedMail;

type MailRow = Selectable<Database["mail_messages"]>;

/**
 * Every mail is stored first. With MAIL_TRANSPORT=outbox it stays there (listed at /dev/mailbox outside production);
 * with smtp a `mail.deliver` job is scheduled with it, in the same transaction when one is given, and the job runner
 * delivers it, retrying failures, so a down SMTP server loses nothing. A mail sent inside a transaction is stored as
 * facts (template, data, documents to attach) and rendered after the commit: by the job that delivers it (smtp), by
 * a `mail.render` job (outbox), or by whoever reads it first, so no transaction waits on React Email or a PDF
 * (docs/decisions/0056).
 */
export function createMailService(db: Kysely<Database>, options: MailOptions, jobs: JobRunner) {
  const clock = options.clock ?? systemClock;
  const sender =
    options.transport === "smtp" && options.smtpUrl
      ? createMailSender(db, { smtpUrl: options.smtpUrl, from: options.from, metrics: options.metrics, render: (id) => ensureRendered(id) })
      : null;
  if (!sender) jobs.register(MAIL_RENDER_JOB, async (payload: { mailId: string }) => void (await ensureRendered(payload.mailId)));
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
  const load = () => (renderer ??= import("./render-mail"));
  const renderMail: (typeof import("./render-mail"))["renderMail"] = async (...args) => (await load()).renderMail(...args);
  /** Who renders each kind of attachment by reference (the documents module: PDFs). */
  const attachmentSources = new Map<string, AttachmentRenderer>();
  const renderAttachments = async (refs: AttachmentRef[] = []): Promise<MailAttachment[]> => {
    const files: MailAttachment[] = [];
    for (const ref of refs) {
      const source = attachmentSources.get(ref.source);
      if (!source) throw new Error(`no attachment source "${ref.source}"`);
      const file = await source(ref.id);
      if (file) files.push(file);
    }
    return files;
  };
  /** Subject, HTML and text of a mail: a template rendered, a text-only mail put in the layout, or an HTML mail as it is. */
  async function compose(outgoing: OutgoingMail): Promise<MailMessage> {
    const attachments = [...(outgoing.attachments ?? []), ...(await renderAttachments(outgoing.attach))];
    if ("template" in outgoing) {
      const rendered = await renderMail(outgoing.template, outgoing.data as never, outgoing.locale, brand, outgoing.notes);
      return { to: outgoing.to, ...rendered, secrets: outgoing.secrets, attachments };
    }
    if (outgoing.html !== undefined) return { ...outgoing, attachments };
    const rendered = await renderMail("plain", { subject: outgoing.subject, text: outgoing.text }, outgoing.locale ?? "en", brand);
    // The text part stays the caller's own words.
    return { ...outgoing, html: rendered.html, attachments };
  }

  /** A mail stored as facts, rendered now (once: a second render finds it done); the row as it reads afterwards. */
  async function renderStored(row: MailRow): Promise<MailRow> {
    if (row.pending_json === null) return row;
    const message = await compose(JSON.parse(row.pending_json) as OutgoingMail);
    const rendered = {
      subject: message.subject, text_body: message.text, html_body: message.html ?? null, pending_json: null,
      attachments_json: storeAttachments([...parseAttachments(row.attachments_json), ...(message.attachments ?? [])]),
    };
    await db.updateTable("mail_messages").set(rendered).where("id", "=", row.id).where("pending_json", "is not", null).execute();
    return { ...row, ...rendered };
  }

  async function ensureRendered(id: string): Promise<MailRow | undefined> {
    const row = await db.selectFrom("mail_messages").selectAll().where("id", "=", id).executeTakeFirst();
    return row && renderStored(row);
  }

  /** Inside a transaction: the subject (a catalogue string) and the facts to render later; files by reference only. */
  type StoredContent = Pick<MailRow, "subject" | "text_body" | "html_body" | "attachments_json" | "pending_json">;
  async function facts(outgoing: OutgoingMail): Promise<StoredContent> {
    const subject = "template" in outgoing ? (await load()).mailSubject(outgoing.template, outgoing.data as never, outgoing.locale, brand) : outgoing.subject;
    const { attachments, ...pending } = outgoing;
    return { subject, text_body: "", html_body: null, attachments_json: storeAttachments(attachments), pending_json: JSON.stringify(pending) };
  }

  return {
    /**
     * Stores the mail. In `trx` (so it exists only if the change it tells about is committed) it is stored as facts
     * and rendered after the commit; without one it is rendered now.
     */
    async send(outgoing: OutgoingMail, trx: Kysely<Database> = db): Promise<void> {
      const id = randomUUID();
      const inTransaction = trx !== db;
      let content: StoredContent;
      if (inTransaction) content = await facts(outgoing);
      else {
        const message = await compose(outgoing);
        content = { subject: message.subject, text_body: message.text, html_body: message.html ?? null, attachments_json: storeAttachments(message.attachments), pending_json: null };
      }
      await trx
        .insertInto("mail_messages")
        .values({
          id, to_address: outgoing.to, ...content, status: sender ? "queued" : "outbox", attempts: 0, last_error: null,
          created_at: clock.now().toISOString(), sent_at: null, secrets: outgoing.secrets?.length ? JSON.stringify(outgoing.secrets) : null,
        })
        .execute();
      if (sender) await jobs.schedule(trx, { kind: MAIL_DELIVER_JOB, payload: { mailId: id }, maxAttempts: options.maxAttempts });
      else if (inTransaction) await jobs.schedule(trx, { kind: MAIL_RENDER_JOB, payload: { mailId: id } });
      // On SQLite the runner's claim waits for this transaction's commit, so the job runs right after it.
      if (sender || inTransaction) jobs.wake();
    },

    /** Renders attachments by reference of `source` (`attach: [{source, id}]`) when a mail is rendered. */
    attachmentSource(source: string, render: AttachmentRenderer): void {
      attachmentSources.set(source, render);
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
      return parseAttachments((await ensureRendered(id))?.attachments_json ?? null);
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
      return (await ensureRendered(id))?.html_body ?? undefined;
    },

    /** Newest first; `to` narrows to one recipient. */
    async list(options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
      let query = db.selectFrom("mail_messages").selectAll().orderBy("created_at", "desc").limit(options.limit ?? 100);
      if (options.to) query = query.where("to_address", "=", options.to);
      // Mail stored in a transaction and not rendered yet is rendered on this first read.
      const rows: MailRow[] = [];
      for (const row of await query.execute()) rows.push(await renderStored(row));
      return rows.map((row) => ({
        id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, status: row.status, createdAt: row.created_at,
        attachments: parseAttachments(row.attachments_json).map((a) => ({ fileName: a.fileName, contentType: a.contentType, size: a.content.length })),
      }));
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
