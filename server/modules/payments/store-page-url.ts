import type { Locale } from "../../i18n/messages";

/** Store pages exist at /path (English) and /es/path (Spanish). */
export function storePageUrl(publicUrl: string, locale: Locale, path: string): string {
  return `${publicUrl}${locale === "es" ? "/es" : ""}${path}`;
}
