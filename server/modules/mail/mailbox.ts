import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { parseAttachments, type MailAttachment } from "./mail-attachments";
import type { StoredMailRendering } from "./mail-rendering";
import type { MailRow, StoredMail } from "./mail-types";
import { purgeSentMail } from "./mail.sender";

/** The stored mail as the store reads and forgets it: the dev mailbox, the queue's depth, privacy and retention. */
export interface Mailbox {
  /** Deletes every mail created before `before` that is no longer waiting to be sent; answers how many. */
  purgeSentMail(before: string): Promise<number>;
  /** How many mails wait for the SMTP sender (the mail queue's depth). */
  queued(): Promise<number>;
  /** The files attached to a stored mail (tests and the dev mailbox). */
  attachmentsOf(id: string): Promise<MailAttachment[]>;
  /**
   * Privacy, closing an account: forgets every stored mail to the account's own address since it was registered
   * that is not waiting to be sent. Mail to that address from before (someone else may have held it) stays.
   */
  forgetRecipient(recipient: { email: string; since: string }, trx?: Kysely<Database>): Promise<void>;
  /** One stored mail's HTML part (the development mailbox shows it), or undefined. */
  html(id: string): Promise<string | undefined>;
  /** Newest first; `to` narrows to one recipient. */
  list(options?: { to?: string; limit?: number }): Promise<StoredMail[]>;
}

export function createMailbox(db: Kysely<Database>, rendering: StoredMailRendering): Mailbox {
  return {
    purgeSentMail: (before) => purgeSentMail(db, before),

    async queued() {
      const row = await db
        .selectFrom("mail_messages")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", "queued")
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async attachmentsOf(id) {
      return parseAttachments((await rendering.ensureRendered(id))?.attachments_json ?? null);
    },

    async forgetRecipient(recipient, trx = db) {
      await trx
        .deleteFrom("mail_messages")
        .where("to_address", "=", recipient.email)
        .where("created_at", ">=", recipient.since)
        .where("status", "!=", "queued")
        .execute();
    },

    async html(id) {
      return (await rendering.ensureRendered(id))?.html_body ?? undefined;
    },

    async list(options = {}) {
      let query = db
        .selectFrom("mail_messages")
        .selectAll()
        .orderBy("created_at", "desc")
        .limit(options.limit ?? 100);
      if (options.to) query = query.where("to_address", "=", options.to);
      // Mail stored in a transaction and not rendered yet is rendered on this first read.
      const rows: MailRow[] = [];
      for (const row of await query.execute()) rows.push(await rendering.renderStored(row));
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        status: row.status,
        createdAt: row.created_at,
        attachments: parseAttachments(row.attachments_json).map((a) => ({
          fileName: a.fileName,
          contentType: a.contentType,
          size: a.content.length,
        })),
      }));
    },
  };
}
