// Stands in for "react-i18next" in the server build only (vite.config.ts, serverTranslation): everything is the
// package's own except useTranslation.
import type { i18n as I18n, Namespace, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext, useTranslation as packageUseTranslation } from "react-i18next";

export * from "react-i18next";

type Translation = ReturnType<typeof packageUseTranslation>;

const fixed = new WeakMap<I18n, Map<string, Translation>>();

/** Most terms bound for a bounded store of plain texts per language and namespace (the catalogues hold fewer). */
const MAX_PLAIN_KEYS = 10_000;

/**
 * The text of a key asked without options never changes on the server (one language, every catalogue loaded): it is
 * looked up by i18next once and then read from a map, which skips i18next's key parsing, fallbacks and post-processing
 * (i18next fell from 8 % to 3 % of a rendered service page's CPU). A call with options (interpolation, plurals)
 * still goes to i18next.
 */
function rememberPlainKeys(t: TFunction): TFunction {
  const known = new Map<string, string>();
  const translate = t as unknown as (...args: unknown[]) => string;
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return translate(key, ...rest);
    let text = known.get(key);
    if (text === undefined) {
      if (known.size >= MAX_PLAIN_KEYS) known.clear();
      text = translate(key);
      known.set(key, text);
    }
    return text;
  };
  return Object.assign(remembering, t) as unknown as TFunction;
}

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
  if (options !== undefined || !i18n?.isInitialized) return packageUseTranslation(ns as Namespace | undefined, options);
  let byNamespace = fixed.get(i18n);
  if (!byNamespace) fixed.set(i18n, (byNamespace = new Map()));
  const key = ns ?? "";
  let translation = byNamespace.get(key);
  if (!translation) {
    const t = rememberPlainKeys(i18n.getFixedT(i18n.language, (ns ?? (i18n.options.defaultNS as string | undefined) ?? null) as Namespace | null));
    translation = Object.assign([t, i18n, true] as unknown as Translation, { t, i18n, ready: true });
    byNamespace.set(key, translation);
  }
  return translation;
}
