import type { Kysely } from "kysely";
import type nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Database } from "../../db/schema";
import type { JobHandler } from "../../platform/jobs/job-runner";
import type { StoreMetrics } from "../../platform/metrics";
import { loadOnFirstUse } from "../../platform/load-on-first-use";
import { failureName } from "../../platform/unavailable";
import { parseAttachments } from "./mail-attachments";
import { parseSecrets, redact } from "./redact";

export const MAIL_DELIVER_JOB = "mail.deliver";

export interface SenderOptions {
  smtpUrl: string;
  from: string;
  metrics?: Pick<StoreMetrics, "mailSent" | "mailFailed">;
  /** Renders a mail stored as facts (inside a transaction) before it is sent. */
  render?: (mailId: string) => Promise<unknown>;
  /** Where a transport error is told; stderr when left out. */
  log?: (line: string) => void;
}

/** Delivered (or abandoned) mail is kept this long, then deleted: stored mail holds names and addresses. */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Deletes every mail created before `before` that is not waiting to be sent; answers how many. */
export async function purgeSentMail(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom("mail_messages")
    .where("created_at", "<", before)
    .where("status", "in", ["sent", "failed", "outbox"])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The `mail.deliver` job: sends one stored mail over SMTP. A failure is recorded on the mail and thrown, so the job
 * runner retries it with backoff; after its last attempt the mail is marked failed. A mail already sent is skipped.
 * Once delivered, the stored copy loses its secrets (a reset code).
 */
export function createMailSender(db: Kysely<Database>, options: SenderOptions) {
  let transporter: Transporter | null = null;
  const mailer = (): Transporter => {
    const smtp: SMTPTransport.Options = { url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
    // nodemailer loads with the first mail sent over SMTP: the outbox never loads it.
    if (!transporter) {
      transporter = (loadOnFirstUse("nodemailer") as typeof nodemailer).createTransport(smtp, { from: options.from });
      // A transport-level failure (the SMTP server gone) is one log line, never an unhandled `error` event; a send
      // that fails rejects its own promise and the job runner retries that mail with backoff.
      transporter.on("error", (error) => (options.log ?? console.warn)(`mail transport error (${failureName(error)})`));
    }
    return transporter;
  };

  const deliver: JobHandler<{ mailId: string }> = async (payload, context) => {
    // Rendering after the commit, here in the job that sends (a failure is retried like a failed send).
    await options.render?.(payload.mailId);
    const row = await db.selectFrom("mail_messages").selectAll().where("id", "=", payload.mailId).executeTakeFirst();
    if (row?.status !== "queued") return;
    try {
      // The row's id as Message-ID: a receiver (and the cluster test) can tell a mail sent twice from two mails.
      await mailer().sendMail({
        messageId: `<${row.id}@scriptorium>`,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        attachments: parseAttachments(row.attachments_json).map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
      });
      const secrets = parseSecrets(row.secrets);
      const redacted = secrets.length
        ? { subject: redact(row.subject, secrets), text_body: redact(row.text_body, secrets), html_body: row.html_body && redact(row.html_body, secrets) }
        : {};
      await db
        .updateTable("mail_messages")
        .set({ status: "sent", attempts: context.attempt, sent_at: context.now.toISOString(), last_error: null, secrets: null, ...redacted })
        .where("id", "=", row.id)
        .execute();
      options.metrics?.mailSent();
    } catch (error) {
      options.metrics?.mailFailed(context.lastAttempt);
      await db
        .updateTable("mail_messages")
        .set({
          status: context.lastAttempt ? "failed" : "queued",
          attempts: context.attempt,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where("id", "=", row.id)
        .execute();
      throw error;
    }
  };

  return {
    deliver,
    close(): void {
      transporter?.close();
      transporter = null;
    },
  };
}
