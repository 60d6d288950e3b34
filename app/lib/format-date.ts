import { intlLocale, type Locale } from "../../common/locales";

const formats = new Map<Locale, Intl.DateTimeFormat>();

/** An ISO-8601 timestamp as people of the page's language read it, in their own time zone (one formatter a language). */
export function formatDateTime(iso: string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short" })));
  return format.format(new Date(iso));
}
