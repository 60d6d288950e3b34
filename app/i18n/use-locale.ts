import { useCallback } from "react";
import { useLocation } from "react-router";
import { localeFromPath, pathInLocale, type Locale } from "../../common/locales";

/** The page's language (from its URL) and `to`, which gives a site path in it: `/auth/sign-in` → `/es/auth/sign-in`. */
export function useLocale(): { locale: Locale; to: (path: string) => string } {
  const locale = localeFromPath(useLocation().pathname);
  const to = useCallback((path: string) => pathInLocale(path, locale), [locale]);
  return { locale, to };
}
