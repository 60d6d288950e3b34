import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { isoAfter, nowIso } from "../../db/time";
import { createMailSender, MAIL_RETENTION_MS, purgeSentMail, type SenderOptions } from "./mail.sender";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Secrets in the mail (a reset code): blanked out of the stored copy once it is delivered. */
  secrets?: string[];
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  createdAt: string;
}

/**
 * Every mail is stored first. With MAIL_TRANSPORT=outbox it stays there (listed at /dev/mailbox outside production);
 * with smtp it is queued and a sender delivers it, retrying failures, so a down SMTP server loses nothing.
 */
export type MailOptions = Omit<SenderOptions, "smtpUrl"> & { transport: "outbox" | "smtp"; smtpUrl?: string };

export function createMailService(db: Kysely<Database>, options: MailOptions) {
  const sender =
    options.transport === "smtp" && options.smtpUrl ? createMailSender(db, { ...options, smtpUrl: options.smtpUrl }) : null;
  return {
    async send(message: MailMessage): Promise<void> {
      await db
        .insertInto("mail_messages")
        .values({
          id: randomUUID(),
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          status: options.transport === "outbox" ? "outbox" : "queued",
          attempts: 0,
          next_attempt_at: options.transport === "outbox" ? null : nowIso(),
          last_error: null,
          created_at: nowIso(),
          sent_at: null,
          secrets: message.secrets?.length ? JSON.stringify(message.secrets) : null,
        })
        .execute();
      sender?.wake();
    },

    /** Starts delivering queued mail (smtp only; the outbox keeps everything) and purges mail past its retention. */
    start(): void {
      sender?.start();
      if (!sender) void purgeSentMail(db, isoAfter(-MAIL_RETENTION_MS)).catch(() => undefined);
    },

    /** Deletes every mail created before `before` that is no longer waiting to be sent; answers how many. */
    purgeSentMail: (before: string) => purgeSentMail(db, before),

    stop(): Promise<void> {
      return sender?.stop() ?? Promise.resolve();
    },

    /** How many mails wait for the SMTP sender (the mail queue's depth). */
    async queued(): Promise<number> {
      const row = await db
        .selectFrom("mail_messages")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", "queued")
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Newest first; `to` narrows to one recipient. */
    async list(options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
      let query = db.selectFrom("mail_messages").selectAll().orderBy("created_at", "desc").limit(options.limit ?? 100);
      if (options.to) query = query.where("to_address", "=", options.to);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        status: row.status,
        createdAt: row.created_at,
      }));
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
