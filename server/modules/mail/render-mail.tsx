import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { Locale } from "../../i18n/messages";
import type { AttachmentRef, MailAttachment } from "./mail-attachments";
import { MailLayout } from "./templates/layout";
import { Paragraph } from "./templates/parts";
import { type MailBrand, type MailTemplate, mailContext } from "./templates/mail-template";
import { MAIL_TEMPLATES, type MailData, type MailTemplateName } from "./templates";

/**
 * React Email's `toPlainText`, its options compiled once: `toPlainText` compiles them on every call, which cost more
 * than the conversion itself (16 % of the CPU rendering an order's confirmation and invoice after the commit, issue 27).
 */
const previewText = compile({ wordwrap: false, selectors: plainTextSelectors });
/** The text part: label and value on one line, headings as written. */
const textPart = compile({
  wordwrap: false,
  selectors: [
    ...plainTextSelectors,
    { selector: "td.fact", format: "inline" },
    { selector: "h1", options: { uppercase: false } },
  ],
});

/** A mail by template: rendered in `locale` when sent, HTML and text from the same components. */
export type TemplatedMail = {
  [Name in MailTemplateName]: {
    to: string;
    locale: Locale;
    template: Name;
    data: MailData<Name>;
    secrets?: string[];
    /** Files sent with the mail (a receipt or invoice PDF); kept with it in the outbox. */
    attachments?: MailAttachment[];
    /** Files rendered with the mail, after the commit (a receipt, invoice or credit note). */
    attach?: AttachmentRef[];
    /** Paragraphs after the template's body (what is attached). */
    notes?: string[];
  };
}[MailTemplateName];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The subject alone: a string from the catalogue, nothing rendered (stored with a mail that is rendered later). */
export function mailSubject<Name extends MailTemplateName>(template: Name, data: MailData<Name>, locale: Locale, brand: MailBrand): string {
  const definition = MAIL_TEMPLATES[template] as unknown as MailTemplate<MailData<Name>>;
  return definition.subject(data, mailContext(locale, brand));
}

/** Renders `template` with `data` in `locale` inside the shared layout: the HTML part and the text part derived from it. */
export async function renderMail<Name extends MailTemplateName>(
  template: Name,
  data: MailData<Name>,
  locale: Locale,
  brand: MailBrand,
  notes: readonly string[] = [],
): Promise<RenderedMail> {
  const definition = MAIL_TEMPLATES[template] as unknown as MailTemplate<MailData<Name>>;
  const ctx = mailContext(locale, brand);
  const subject = definition.subject(data, ctx);
  const body = definition.body(data, ctx);
  // The line clients show after the subject: the template's own, or the body's first words.
  const preview = definition.preview?.(data, ctx) ?? previewText(await render(<div>{body}</div>)).replace(/\s+/g, " ").trim().slice(0, 120);
  const html = await render(
    <MailLayout ctx={ctx} subject={subject} preview={preview} signOff={definition.signOff !== false}>
      {body}
      {notes.map((note) => (
        <Paragraph key={note}>{note}</Paragraph>
      ))}
    </MailLayout>,
  );
  // The text part: the body, sign-off and footer (the hidden preview line is skipped); label and value on one line.
  return { subject, html, text: textPart(html).trim() };
}
