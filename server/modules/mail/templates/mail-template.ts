import type { ReactNode } from "react";
import type { Currency } from "../../../../contract/currency";
import { formatDateTimeUtc } from "../../../../common/format-date";
import { formatMoney } from "../../../../contract/money";
import { translate, type Locale } from "../../../i18n/messages";

/** The store as every mail presents it: name, links and the footer's address and contact (from configuration). */
export interface MailBrand {
  name: string;
  /** PUBLIC_URL without a trailing slash: every link in a mail is absolute. */
  publicUrl: string;
  /** SELLER_ADDRESS, one entry per line. */
  address: string[];
  /** SUPPORT_EMAIL. */
  contact: string;
}

export const DEFAULT_BRAND: MailBrand = { name: "Scriptorium", publicUrl: "http://localhost:3000", address: [], contact: "support@localhost" };

/** What a template reads its words, amounts, dates and links through, in the recipient's language. */
export interface MailContext {
  locale: Locale;
  brand: MailBrand;
  /** A key of server/i18n/<locale>/*.json (missing keys throw under test). */
  t(key: string, params?: Record<string, string | number>): string;
  money(minor: number, currency: Currency): string;
  /** Date and time in the recipient's language, in UTC and saying so (the store does not know the reader's zone). */
  dateTime(iso: string): string;
  /** An absolute link to a page of the store in the recipient's language (`/profile/orders` → `/es/profile/orders`). */
  page(path: string): string;
}

/**
 * One mail: its subject and its body as React Email components. The HTML part is the body inside the shared
 * layout; the text part is derived from that HTML, so the two never disagree. `examples` are rendered by
 * mail-templates.test.ts in both languages (add one per variant).
 */
export interface MailTemplate<Data> {
  subject(data: Data, ctx: MailContext): string;
  /** The line mail clients show after the subject; the first words of the body when left out. */
  preview?(data: Data, ctx: MailContext): string;
  body(data: Data, ctx: MailContext): ReactNode;
  /** False when the body already ends with its own sign-off (text-only mails written before templates). */
  signOff?: boolean;
  examples: Data[];
}

export const defineMail = <Data,>(template: MailTemplate<Data>): MailTemplate<Data> => template;

export function mailContext(locale: Locale, brand: MailBrand): MailContext {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  return {
    locale,
    brand,
    t,
    money: (minor, currency) => formatMoney({ minor, currency }, locale),
    // The pages' date style, in UTC and saying so ("25 Nov 2026, 11:48 UTC").
    dateTime: (iso) => formatDateTimeUtc(iso, locale),
    page: (path) => `${brand.publicUrl}${locale === "es" ? "/es" : ""}${path}`,
  };
}
