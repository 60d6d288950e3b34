import { type Catalogues, type TranslateOptions, translate } from "./translate";

/** A `t` bound to one namespace, as react-i18next's hook gives it. */
export type BrowserT = (key: string, options?: TranslateOptions) => string;

/**
 * The browser's i18n instance (app/entry.client.tsx) in place of i18next's: one language, its catalogues, and the
 * part of i18next's interface the app uses (app/i18n/client-i18n.ts adds the back office's catalogues on the way in).
 */
export interface BrowserI18n {
  readonly language: string;
  hasResourceBundle(language: string, ns: string): boolean;
  addResourceBundle(
    language: string,
    ns: string,
    messages: Record<string, unknown>,
    deep?: boolean,
    overwrite?: boolean,
  ): void;
  /** The same function for the same namespace every time (components may depend on it in effects). */
  getFixedT(language: string | null, ns?: string | null): BrowserT;
}

/** `resources` as i18next takes them: by language, then namespace; only `locale`'s are kept. */
export function createBrowserI18n(locale: string, resources: Record<string, Catalogues | undefined>): BrowserI18n {
  const catalogues: Catalogues = { ...resources[locale] };
  const fixed = new Map<string, BrowserT>();
  return {
    language: locale,
    hasResourceBundle: (language, ns) => language === locale && catalogues[ns] !== undefined,
    addResourceBundle(language, ns, messages) {
      if (language === locale) catalogues[ns] = { ...catalogues[ns], ...messages };
    },
    getFixedT(_language, ns) {
      const namespace = ns ?? "common";
      let t = fixed.get(namespace);
      if (!t) {
        t = (key, options) => translate(catalogues, locale, namespace, key, options) as string;
        fixed.set(namespace, t);
      }
      return t;
    },
  };
}
