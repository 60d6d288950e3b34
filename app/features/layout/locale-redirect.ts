import { localeFromPath, pathInLocale, type Locale } from "../../i18n/locales";
import { readCookie } from "./request-cookies";

export const LOCALE_COOKIE = "locale";

/** The language an `Accept-Language` header prefers among ours (highest q wins, order breaks ties), or null. */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | null {
  let best: { locale: Locale; q: number } | null = null;
  for (const entry of (acceptLanguage ?? "").split(",")) {
    const [tag = "", ...params] = entry.trim().toLowerCase().split(";");
    const base = tag.split("-")[0];
    if (base !== "en" && base !== "es") continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { locale: base, q };
  }
  return best?.locale ?? null;
}

/**
 * CONTRACT §2 for a page request: an English (unprefixed) URL is sent to its Spanish twin when the `locale`
 * cookie says `es`, or, without a cookie, when Accept-Language prefers Spanish. Returns the target or null.
 */
export function localeRedirect(url: URL, headers: Headers): string | null {
  if (localeFromPath(url.pathname) === "es") return null;
  const cookie = readCookie(headers.get("cookie"), LOCALE_COOKIE);
  const wanted = cookie === "en" || cookie === "es" ? cookie : preferredLocale(headers.get("accept-language"));
  return wanted === "es" ? pathInLocale(url.pathname, "es") + url.search : null;
}
