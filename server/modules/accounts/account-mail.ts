import { translate, type Locale } from "../../i18n/messages";
import type { MailMessage } from "../mail/mail.service";

interface Recipient {
  email: string;
  first_name: string;
}

/** The mails of the account flows, written in the language of the request that caused them (server/i18n/<locale>/accounts.json). */
export function createAccountMail(mail: { send(message: MailMessage): Promise<void> }, publicUrl: string) {
  const page = (locale: Locale, path: string) => `${publicUrl}${locale === "es" ? "/es" : ""}${path}`;
  const send = (to: Recipient, locale: Locale, name: string, params: Record<string, string | number> = {}, secrets?: string[]) => {
    const values = { firstName: to.first_name, signInUrl: page(locale, "/auth/sign-in"), forgotUrl: page(locale, "/auth/forgot-password"), ...params };
    return mail.send({
      to: to.email,
      subject: translate(locale, `accounts.mail.${name}.subject`, values),
      text: translate(locale, `accounts.mail.${name}.text`, values),
      secrets,
    });
  };

  return {
    welcome: (to: Recipient, locale: Locale) => send(to, locale, "welcome"),
    passwordChanged: (to: Recipient, locale: Locale) => send(to, locale, "passwordChanged"),
    resetCode: (to: Recipient, locale: Locale, code: string, minutes: number) =>
      // The code is in the body only (never the subject, which mail clients show everywhere) and is blanked out of
      // the stored copy once the mail is sent.
      send(to, locale, "resetCode", { code, minutes, resetUrl: `${page(locale, "/auth/reset-password")}?email=${encodeURIComponent(to.email)}` }, [code]),
    passwordReset: (to: Recipient, locale: Locale) => send(to, locale, "passwordReset"),
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
