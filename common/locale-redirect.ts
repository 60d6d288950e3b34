import { COOKIES, readCookie } from "./cookies";
import { isLocale, localeFromPath, pathInLocale, preferredLocale } from "./locales";

/**
 * CONTRACT §2 for a page request: an English (unprefixed) URL is sent to its Spanish twin when the `locale`
 * cookie says `es`, or, without a cookie, when Accept-Language prefers Spanish. Returns the target or null.
 */
export function localeRedirect(url: URL, headers: Headers): string | null {
  return localeRedirectOf(url.pathname, url.search, headers.get("cookie"), headers.get("accept-language"));
}

/** The same rule on the request's own strings (the page cache asks on every request, without building a URL). */
export function localeRedirectOf(
  pathname: string,
  search: string,
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): string | null {
  if (localeFromPath(pathname) === "es") return null;
  const cookie = readCookie(cookieHeader, COOKIES.locale);
  const wanted = isLocale(cookie) ? cookie : preferredLocale(acceptLanguage);
  return wanted === "es" ? pathInLocale(pathname, "es") + search : null;
}
