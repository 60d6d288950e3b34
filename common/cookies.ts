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

/** The `document.cookie` assignment that remembers a choice for a year on every path. */
export function rememberCookie(name: CookieName, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
}
