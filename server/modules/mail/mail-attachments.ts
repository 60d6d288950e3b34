import type { Locale } from "../../i18n/messages";

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * A file attached by reference, rendered when the mail is (after the commit): `source` names who renders it (a
 * module named in the mail options' `attachmentSources`), `id` what (a document id).
 */
export interface AttachmentRef {
  source: string;
  id: string;
}

/** An attachment rendered with its mail, and the line under the mail's text that names it ("Invoice INV-… attached"). */
export type RenderedAttachment = MailAttachment & { note?: string };

/**
 * Renders the attachment `id` of one source (e.g. a document's PDF) for a mail in `locale`; null when it no longer
 * exists. Its note is written then too: a document issued last in the sender's transaction is named by its number.
 */
export type AttachmentRenderer = (id: string, locale: Locale) => Promise<RenderedAttachment | null>;

interface StoredAttachment {
  fileName: string;
  contentType: string;
  base64: string;
}

/** The attachments column: JSON with the bytes in base64, or null when there are none. */
export function storeAttachments(attachments: MailAttachment[] | undefined): string | null {
  if (!attachments?.length) return null;
  return JSON.stringify(attachments.map((a): StoredAttachment => ({ fileName: a.fileName, contentType: a.contentType, base64: a.content.toString("base64") })));
}

/** The attachments column back as files (the SMTP sender) or as their names and sizes (the mailbox). */
export function parseAttachments(json: string | null): MailAttachment[] {
  if (!json) return [];
  return (JSON.parse(json) as StoredAttachment[]).map((a) => ({ fileName: a.fileName, contentType: a.contentType, content: Buffer.from(a.base64, "base64") }));
}
