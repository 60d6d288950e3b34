import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { NAMESPACES } from "./resources";
import type { Locale } from "../../common/locales";

/** An i18next instance fixed to one language, with its catalogues already loaded. */
export function createI18n(locale: Locale, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    ns: NAMESPACES,
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  return instance;
}
