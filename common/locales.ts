import { memoByText } from "./memo-by-text";

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

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

/**
 * The one Accept-Language parser: the language among ours with the highest q wins, the earlier entry breaks a tie,
 * q=0 means "not this one". Null when the header names none of ours.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | null {
  return acceptLanguage ? preferredOfHeader(acceptLanguage) : null;
}

// Every request asks (the API's language, a page's redirect): each spelling of the header is parsed once.
const preferredOfHeader = memoByText((acceptLanguage: string): Locale | null => {
  let best: { locale: Locale; q: number } | null = null;
  for (const entry of acceptLanguage.split(",")) {
    const [tag = "", ...params] = entry.trim().toLowerCase().split(";");
    const base = tag.trim().split("-")[0];
    if (!isLocale(base)) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { locale: base, q };
  }
  return best?.locale ?? null;
});

/** The language an API answer is written in: the preferred of ours, else the default. */
export function localeFromAcceptLanguage(acceptLanguage: string | null | undefined): Locale {
  return preferredLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}
