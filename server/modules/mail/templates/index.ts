import { depositReceived } from "./deposit-received";
import type { MailTemplate } from "./mail-template";
import { notificationDigest } from "./notification-digest";
import { orderPlaced } from "./order-placed";
import { orderUpdate } from "./order-update";
import { passwordChanged } from "./password-changed";
import { passwordReset } from "./password-reset";
import { plain } from "./plain";
import { resetCode } from "./reset-code";
import { ticketNotice } from "./ticket-notice";
import { ticketReceived } from "./ticket-received";
import { welcome } from "./welcome";
import { withdrawalStarted } from "./withdrawal-started";

/**
 * Every mail the store sends, by name. Adding one: a file in this folder (`defineMail` with subject, body and
 * examples), its keys in server/i18n/{en,es}/*.json, and one line here; then `mail.send({to, locale, template, data})`.
 */
export const MAIL_TEMPLATES = {
  welcome,
  passwordChanged,
  resetCode,
  passwordReset,
  ticketReceived,
  ticketNotice,
  depositReceived,
  withdrawalStarted,
  orderPlaced,
  orderUpdate,
  notificationDigest,
  plain,
};

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailData<Name extends MailTemplateName> = (typeof MAIL_TEMPLATES)[Name] extends MailTemplate<infer Data> ? Data : never;
