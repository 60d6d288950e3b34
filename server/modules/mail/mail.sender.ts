import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Database } from "../../db/schema";
import { isoAfter, nowIso } from "../../db/time";
import { parseAttachments } from "./mail-attachments";

export interface SenderOptions {
  smtpUrl: string;
  from: string;
  /** First retry after this long; each further one waits twice as long (30 s, 1 min, 2 min… by default). */
  retryBaseMs?: number;
  /** After this many failed tries a mail is marked failed and left alone. */
  maxAttempts?: number;
  /** How often the queue is looked at when nothing wakes the sender. */
  pollMs?: number;
}

/** While one instance tries a mail, others skip it; if that instance dies, the mail is due again after this. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

/**
 * Delivers queued mail rows over SMTP. A row is claimed before sending so several instances never send it twice;
 * a failure is recorded and retried with exponential backoff, so a down SMTP server loses nothing.
 */
export function createMailSender(db: Kysely<Database>, options: SenderOptions) {
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const pollMs = options.pollMs ?? 5_000;
  let transporter: Transporter | null = null;
  let loop: Promise<void> | null = null;
  let stopped = true;
  let again = false;
  let wake: (() => void) | null = null;

  async function deliver(row: Database["mail_messages"], mailer: Transporter): Promise<void> {
    const claimed = await db
      .updateTable("mail_messages")
      .set({ next_attempt_at: isoAfter(CLAIM_MS) })
      .where("id", "=", row.id)
      .where("status", "=", "queued")
      .where("next_attempt_at", "=", row.next_attempt_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const attempts = row.attempts + 1;
    try {
      const attachments = parseAttachments(row.attachments_json).map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content }));
      await mailer.sendMail({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined, attachments });
      await db
        .updateTable("mail_messages")
        .set({ status: "sent", attempts, sent_at: nowIso(), next_attempt_at: null, last_error: null })
        .where("id", "=", row.id)
        .execute();
    } catch (error) {
      const giveUp = attempts >= maxAttempts;
      await db
        .updateTable("mail_messages")
        .set({
          status: giveUp ? "failed" : "queued",
          attempts,
          next_attempt_at: giveUp ? null : isoAfter(retryBaseMs * 2 ** (attempts - 1)),
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where("id", "=", row.id)
        .execute();
    }
  }

  async function deliverDue(mailer: Transporter): Promise<void> {
    const due = await db
      .selectFrom("mail_messages")
      .selectAll()
      .where("status", "=", "queued")
      .where("next_attempt_at", "<=", nowIso())
      .orderBy("next_attempt_at")
      .limit(BATCH)
      .execute();
    for (const row of due) {
      if (stopped) return;
      await deliver(row, mailer);
    }
  }

  function nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function run(mailer: Transporter): Promise<void> {
    while (!stopped) {
      again = false;
      try {
        await deliverDue(mailer);
      } catch (error) {
        console.error("mail sender:", error instanceof Error ? error.message : error);
      }
      if (!again && !stopped) await nap(pollMs);
    }
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      const smtp: SMTPTransport.Options = {
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      };
      transporter = nodemailer.createTransport(smtp, { from: options.from });
      loop = run(transporter);
    },

    /** A mail was queued: look at the queue now instead of at the next poll. */
    wake(): void {
      again = true;
      wake?.();
    },

    /** Finishes the mail being sent, then stops; what is left stays queued for the next start. */
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await loop;
      transporter?.close();
      loop = transporter = null;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
