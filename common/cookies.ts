/** Cookie names both sides read: the browser writes them, the server renders pages by them (CONTRACT §2). */
export const COOKIES = {
  locale: "locale",
  currency: "currency",
} as const;
export type CookieName = (typeof COOKIES)[keyof typeof COOKIES];

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** One cookie's value from a `Cookie` request header, or undefined. */
export function readCookie(cookieHeader: string | null | undefined, name: CookieName): string | undefined {
  for (const part of (cookieHeader ?? "").split(/;\s*/)) {
    if (part.startsWith(`${name}=`)) {
      try {
        return decodeURIComponent(part.slice(name.length + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Remembers a choice in the browser for a year on every path; the server reads it on the next page load. */
export function rememberInBrowser(name: CookieName, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API exists only in secure contexts, and the store is also opened over plain HTTP on a LAN address (try-out); this is the one cookie the browser writes
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
}
