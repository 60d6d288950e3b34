import type { Locale } from "../../i18n/messages";
import type { OutgoingMail } from "../mail";

interface Recipient {
  email: string;
  first_name: string;
}

/**
 * The mails of the account flows, written in the language of the request that caused them, each from its template in
 * server/modules/mail/templates (words in server/i18n/<locale>/email.json).
 */
export function createAccountMail(mail: { send(message: OutgoingMail): Promise<void> }, _publicUrl?: string) {
  return {
    welcome: (to: Recipient, locale: Locale) => mail.send({ to: to.email, locale, template: "welcome", data: { firstName: to.first_name } }),
    passwordChanged: (to: Recipient, locale: Locale) => mail.send({ to: to.email, locale, template: "passwordChanged", data: { firstName: to.first_name } }),
    resetCode: (to: Recipient, locale: Locale, code: string, minutes: number) =>
      // The code is in the body only (never the subject, which mail clients show everywhere) and is blanked out of
      // the stored copy once the mail is sent.
      mail.send({ to: to.email, locale, template: "resetCode", data: { firstName: to.first_name, email: to.email, code, minutes }, secrets: [code] }),
    passwordReset: (to: Recipient, locale: Locale) => mail.send({ to: to.email, locale, template: "passwordReset", data: { firstName: to.first_name } }),
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
