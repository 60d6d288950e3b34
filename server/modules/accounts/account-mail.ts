import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { OutgoingMail } from "../mail";

interface Recipient {
  email: string;
  first_name: string;
}

type Trx = Kysely<Database>;

/**
 * The mails of the account flows, written in the language of the request that caused them, each from its template in
 * server/modules/mail/templates (words in server/i18n/<locale>/email.json). Given the flow's transaction (`trx`), a
 * mail is stored as facts with the change it tells about and rendered by the mail job after the commit, so the
 * request spends no CPU on React Email (issue 27).
 */
export function createAccountMail(mail: { send(message: OutgoingMail, trx?: Trx): Promise<void> }, _publicUrl?: string) {
  return {
    welcome: (to: Recipient, locale: Locale, trx?: Trx) =>
      mail.send({ to: to.email, locale, template: "welcome", data: { firstName: to.first_name } }, trx),
    passwordChanged: (to: Recipient, locale: Locale, trx?: Trx) =>
      mail.send({ to: to.email, locale, template: "passwordChanged", data: { firstName: to.first_name } }, trx),
    resetCode: (to: Recipient, locale: Locale, code: string, minutes: number, trx?: Trx) =>
      // The code is in the body only (never the subject, which mail clients show everywhere) and is blanked out of
      // the stored copy once the mail is sent.
      mail.send({ to: to.email, locale, template: "resetCode", data: { firstName: to.first_name, email: to.email, code, minutes }, secrets: [code] }, trx),
    passwordReset: (to: Recipient, locale: Locale, trx?: Trx) =>
      mail.send({ to: to.email, locale, template: "passwordReset", data: { firstName: to.first_name } }, trx),
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
