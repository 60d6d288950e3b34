import type { Locale } from "../../common/locales";

/**
 * A receipt, invoice or credit note in the reader's language: issued once, in the language of its order or deposit,
 * it is read in the page's (same number and figures, `?lang=` of the documents API).
 */
export function documentPath(path: string, locale: Locale): string {
  return `${path}?lang=${locale}`;
}
