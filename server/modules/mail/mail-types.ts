import type { Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { StoreMetrics } from "../../platform/metrics";
import type { Locale } from "../../i18n/messages";
import type { AttachmentRef, AttachmentRenderer, MailAttachment } from "./mail-attachments";
import type { TemplatedMail } from "./render-mail";
import type { MailBrand } from "./templates/mail-template";

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
  /** Who renders each kind of attachment by reference, by source name (the documents module: PDFs). */
  attachmentSources?: Record<string, AttachmentRenderer>;
}

/** Either a finished mail (the shape from before templates) or a template with its data, rendered here. */
export type OutgoingMail = MailMessage | TemplatedMail;

/** A row of the outbox. */
export type MailRow = Selectable<Database["mail_messages"]>;

/** What a mail stored inside a transaction holds until it is rendered. */
export type StoredContent = Pick<MailRow, "subject" | "text_body" | "html_body" | "attachments_json" | "pending_json">;
