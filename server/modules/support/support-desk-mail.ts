import { translate, type Locale } from "../../i18n/messages";
import type { MailMessage } from "../mail";

/** The requester's private page for a ticket, in their language. */
export function ticketLinkUrl(publicUrl: string, token: string, locale: Locale): string {
  return `${publicUrl}${locale === "es" ? "/es" : ""}/support/tickets/${token}`;
}

/** A staff reply, mailed to the requester in their language with the reply and the private link to answer. */
export function staffReplyMail(to: string, reference: string, reply: string, link: string, expiresOn: string, locale: Locale): MailMessage {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `supportDesk.mail.${key}`, params);
  return {
    to,
    subject: t("replySubject", { id: reference }),
    text: [t("replyIntro"), "", reply, "", t("replyLink", { url: link, date: expiresOn }), "", t("signature")].join("\n"),
    // The link opens the thread without signing in: it is kept out of the stored copy once the mail is sent.
    secrets: [link],
  };
}

/** The support team hears of a requester's answer (in English, the team's language), with a link to the ticket by its number. */
export function requesterAnswerMail(to: string, reference: string, from: string, body: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: translate("en", "supportDesk.mail.answerSubject", { id: reference, email: from }),
    text: translate("en", "supportDesk.mail.answerText", { id: reference, email: from, body, url: `${publicUrl}/admin/support/${reference}` }),
  };
}
