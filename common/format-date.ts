import { intlLocale, type Locale } from "./locales";

/**
 * The store's one date style, the same on every page, mail and export of a language: "25 Nov 2026, 11:48" in English,
 * "25 nov 2026, 11:48" in Spanish (day, short month, year, 24-hour time). One formatter per language and zone.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** An ISO-8601 timestamp in `locale`'s date style, in `timeZone` (an IANA name; the runtime's own when left out). */
export function formatDateTimeIn(iso: string, locale: Locale, timeZone?: string): string {
  const key = `${locale} ${timeZone ?? ""}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone })));
  return format.format(new Date(iso));
}

/**
 * The same in UTC, saying so ("25 Nov 2026, 11:48 UTC"): for a reader whose zone is not known (mail, a page before its
 * script runs), so that no time is read as local when it is not.
 */
export function formatDateTimeUtc(iso: string, locale: Locale): string {
  return `${formatDateTimeIn(iso, locale, "UTC")} UTC`;
}
