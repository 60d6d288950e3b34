import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { namespaceOf } from "./catalogues/by-namespace";
import type { Locale } from "../../common/locales";

/** Every namespace's name (the files are not loaded for this); here, not in the browser, which has no use for it. */
const NAMESPACES: string[] = [
  ...new Set(
    Object.keys(import.meta.glob(["../locales/en/*.json", "../../common/validation/en.json"])).map(namespaceOf),
  ),
];

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
