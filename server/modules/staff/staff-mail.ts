import { formatDateTimeUtc } from "../../../common/format-date";
import { translate, type Locale } from "../../i18n/messages";
import type { MailMessage } from "../mail";

/**
 * The invitation mail, in the invitation's language (server/i18n/<locale>/staff.json). One function that builds the
 * message, so moving it to a shared template system changes only this file. The link's token is a secret: the
 * stored copy of the mail loses it once the mail is sent.
 */
export function invitationMail(
  locale: Locale,
  { to, inviter, role, url, token, expiresAt }: { to: string; inviter: string; role: string; url: string; token: string; expiresAt: Date },
): MailMessage {
  const values = {
    inviter,
    role: translate(locale, `staff.roles.${role}`),
    url,
    expires: formatDateTimeUtc(expiresAt.toISOString(), locale),
  };
  return { to, subject: translate(locale, "staff.mail.invitation.subject", values), text: translate(locale, "staff.mail.invitation.text", values), secrets: [token] };
}
