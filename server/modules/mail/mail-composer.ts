import { storeAttachments, type AttachmentRef, type AttachmentRenderer, type MailAttachment } from "./mail-attachments";
import type { Locale } from "../../i18n/messages";
import type { MailMessage, OutgoingMail, StoredContent } from "./mail-types";
import type { MailBrand } from "./templates/mail-template";

/** Turns what a module sends into what is stored: rendered now, or kept as facts to render after the commit. */
export interface MailComposer {
  /** Subject, HTML and text of a mail: a template rendered, a text-only mail put in the layout, or an HTML mail as it is. */
  compose(outgoing: OutgoingMail): Promise<MailMessage>;
  /** Inside a transaction: the subject (a catalogue string) and the facts to render later; files by reference only. */
  facts(outgoing: OutgoingMail): Promise<StoredContent>;
}

export function createMailComposer(
  brand: MailBrand,
  attachmentSources: Record<string, AttachmentRenderer>,
): MailComposer {
  // The renderer (React Email and its components) is loaded with the first mail: a process that sends none (a script,
  // a CLI) does not pay for it at start.
  let renderer: Promise<typeof import("./render-mail")> | undefined;
  const load = () => (renderer ??= import("./render-mail"));
  const renderMail: typeof import("./render-mail")["renderMail"] = async (...args) =>
    (await load()).renderMail(...args);
  /** The files attached by reference, and the lines naming them under the mail's text. */
  const renderAttachments = async (refs: AttachmentRef[] = [], locale: Locale): Promise<{ files: MailAttachment[]; notes: string[] }> => {
    const files: MailAttachment[] = [];
    const notes: string[] = [];
    for (const ref of refs) {
      const source = attachmentSources[ref.source];
      if (!source) throw new Error(`no attachment source "${ref.source}"`);
      const rendered = await source(ref.id, locale);
      if (!rendered) continue;
      const { note, ...file } = rendered;
      files.push(file);
      if (note) notes.push(note);
    }
    return { files, notes };
  };

  return {
    async compose(outgoing) {
      const locale = outgoing.locale ?? "en";
      const byReference = await renderAttachments(outgoing.attach, locale);
      const attachments = [...(outgoing.attachments ?? []), ...byReference.files];
      // A mail stored before the notes were written at render time has its note already (a deploy's backlog): once.
      if ("template" in outgoing) {
        const notes = [...(outgoing.notes ?? []), ...byReference.notes.filter((note) => !outgoing.notes?.includes(note))];
        const rendered = await renderMail(outgoing.template, outgoing.data as never, locale, brand, notes);
        return { to: outgoing.to, ...rendered, secrets: outgoing.secrets, attachments };
      }
      // The text part stays the caller's own words, with the attachments' notes under them.
      const text = [outgoing.text, ...byReference.notes.filter((note) => !outgoing.text.includes(note))].join("\n\n");
      if (outgoing.html !== undefined) return { ...outgoing, text, attachments };
      const rendered = await renderMail("plain", { subject: outgoing.subject, text }, locale, brand);
      return { ...outgoing, text, html: rendered.html, attachments };
    },

    async facts(outgoing) {
      const subject =
        "template" in outgoing
          ? (await load()).mailSubject(outgoing.template, outgoing.data as never, outgoing.locale, brand)
          : outgoing.subject;
      const { attachments, ...pending } = outgoing;
      return {
        subject,
        text_body: "",
        html_body: null,
        attachments_json: storeAttachments(attachments),
        pending_json: JSON.stringify(pending),
      };
    },
  };
}
