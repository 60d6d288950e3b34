export interface MailTables {
  mail_messages: {
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    /** outbox: kept for /dev/mailbox; queued: waiting for SMTP; sent; failed: gave up after retries. */
    status: "outbox" | "queued" | "sent" | "failed";
    /** Tries so far (the mail.deliver job retries with backoff). */
    attempts: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
    /** JSON array of secrets in the mail (a reset code), blanked out of subject and bodies once sent; then null. */
    secrets: string | null;
    /** Files sent with the mail: JSON `[{fileName, contentType, base64}]`, or null. */
    attachments_json: string | null;
  };
}
