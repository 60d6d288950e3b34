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
    /**
     * A mail stored inside a transaction: what to render (template or text, data, language, documents to attach) as
     * JSON, rendered into subject, bodies and attachments after the commit (the job that sends it, or the first
     * read); then null (docs/decisions/0056).
     */
    pending_json: string | null;
  };
}
