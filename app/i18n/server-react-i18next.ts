// Stands in for "react-i18next" in the server build only (vite.config.ts, serverTranslation): everything is the
// package's own except useTranslation.
import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext, useTranslation as packageUseTranslation } from "react-i18next";

export * from "react-i18next";

type Translation = ReturnType<typeof packageUseTranslation>;

const fixed = new WeakMap<I18n, Map<string, Translation>>();

/**
 * During server rendering the package's hook works everything out again on every call (its refs are new on each
 * render): it copies every property descriptor of the i18n instance into a wrapper and builds a new `t`, about 8 %
 * of the CPU of a rendered page. On the server each instance has one language with every catalogue loaded and never
 * changes (i18n/instance.ts), so one `t` per instance and namespace serves every request.
 */
export function useTranslation(ns?: string, options?: object): Translation {
  const context = useContext(I18nContext);
  const i18n = context?.i18n;
  // A call with options, or without a provider, keeps the package's behaviour (the same hooks on every render).
  if (options !== undefined || !i18n?.isInitialized) return packageUseTranslation(ns, options);
  let byNamespace = fixed.get(i18n);
  if (!byNamespace) fixed.set(i18n, (byNamespace = new Map()));
  const key = ns ?? "";
  let translation = byNamespace.get(key);
  if (!translation) {
    const t: TFunction = i18n.getFixedT(i18n.language, ns ?? (i18n.options.defaultNS as string | undefined) ?? null);
    translation = Object.assign([t, i18n, true] as unknown as Translation, { t, i18n, ready: true });
    byNamespace.set(key, translation);
  }
  return translation;
}
