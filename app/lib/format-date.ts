import { intlLocale, type Locale } from "../../common/locales";

/** An ISO-8601 timestamp as people of the page's language read it, in their own time zone. */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
