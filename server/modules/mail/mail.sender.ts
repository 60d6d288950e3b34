import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Database } from "../../db/schema";
import type { JobHandler } from "../../platform/jobs/job-runner";

export const MAIL_DELIVER_JOB = "mail.deliver";

export interface SenderOptions {
  smtpUrl: string;
  from: string;
}

/**
 * The `mail.deliver` job: sends one stored mail over SMTP. A failure is recorded on the mail and thrown, so the job
 * runner retries it with backoff; after its last attempt the mail is marked failed. A mail already sent is skipped.
 */
export function createMailSender(db: Kysely<Database>, options: SenderOptions) {
  let transporter: Transporter | null = null;
  const mailer = (): Transporter => {
    const smtp: SMTPTransport.Options = { url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
    transporter ??= nodemailer.createTransport(smtp, { from: options.from });
    return transporter;
  };

  const deliver: JobHandler = async (payload: { mailId: string }, context) => {
    const row = await db.selectFrom("mail_messages").selectAll().where("id", "=", payload.mailId).executeTakeFirst();
    if (!row || row.status !== "queued") return;
    try {
      await mailer().sendMail({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined });
      await db
        .updateTable("mail_messages")
        .set({ status: "sent", attempts: context.attempt, sent_at: context.now.toISOString(), last_error: null })
        .where("id", "=", row.id)
        .execute();
    } catch (error) {
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
