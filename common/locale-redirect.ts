import { COOKIES, readCookie } from "./cookies";
import { isLocale, localeFromPath, pathInLocale, preferredLocale } from "./locales";

/**
 * CONTRACT §2 for a page request: an English (unprefixed) URL is sent to its Spanish twin when the `locale`
 * cookie says `es`, or, without a cookie, when Accept-Language prefers Spanish. Returns the target or null.
 */
export function localeRedirect(url: URL, headers: Headers): string | null {
  if (localeFromPath(url.pathname) === "es") return null;
  const cookie = readCookie(headers.get("cookie"), COOKIES.locale);
  const wanted = isLocale(cookie) ? cookie : preferredLocale(headers.get("accept-language"));
  return wanted === "es" ? pathInLocale(url.pathname, "es") + url.search : null;
}
