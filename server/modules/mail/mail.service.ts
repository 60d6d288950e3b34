import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import { parseAttachments, storeAttachments, type MailAttachment } from "./mail-attachments";
import { createMailSender, type SenderOptions } from "./mail.sender";

export type { MailAttachment } from "./mail-attachments";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
          attachments_json: storeAttachments(message.attachments),
        })
        .execute();
      sender?.wake();
    },

    /** Starts delivering queued mail (smtp only; the outbox keeps everything). */
    start(): void {
      sender?.start();
    },

    stop(): Promise<void> {
      return sender?.stop() ?? Promise.resolve();
    },

    /** The files attached to a stored mail (tests and the dev mailbox). */
    async attachmentsOf(id: string): Promise<MailAttachment[]> {
      const row = await db.selectFrom("mail_messages").select("attachments_json").where("id", "=", id).executeTakeFirst();
      return parseAttachments(row?.attachments_json ?? null);
    },

    /** Privacy: forgets every stored mail to `address` (an account being closed). */
    async forgetRecipient(address: string): Promise<void> {
      await db.deleteFrom("mail_messages").where("to_address", "=", address).execute();
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
        attachments: parseAttachments(row.attachments_json).map((a) => ({ fileName: a.fileName, contentType: a.contentType, size: a.content.length })),
      }));
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
