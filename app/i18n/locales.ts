export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** `/es` and `/es/...` are Spanish; everything else is English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

/** The same page in another language: `/about-us` ⇄ `/es/about-us`. */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = localeFromPath(pathname) === "es" ? pathname.slice(3) || "/" : pathname;
  if (locale === "en") return bare;
  return bare === "/" ? "/es" : `/es${bare}`;
}

/** BCP 47 tag used for number, date and currency formatting. */
export function intlLocale(locale: Locale): string {
  return locale === "es" ? "es-ES" : "en-GB";
}
