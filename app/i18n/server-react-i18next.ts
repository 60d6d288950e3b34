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
 * The options of a call whose text depends on nothing else: every value a string, number or boolean (a count, a
 * name, a price already formatted). Their text is as fixed as a plain key's; the key of the call, or null.
 */
function callKey(key: string, options: object): string | null {
  let text = key;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const kind = typeof value;
    if (kind !== "string" && kind !== "number" && kind !== "boolean") return null;
    text += `\u0000${name}\u0001${kind === "string" ? "s" : "n"}${String(value)}`;
  }
  return text;
}

/**
 * The text of a key never changes on the server (one language, every catalogue loaded): it is looked up by i18next
 * once and then read from a map, which skips i18next's key parsing, fallbacks, plurals, interpolation and
 * post-processing (i18next fell from 8 % to 3 % of a rendered service page's CPU for keys without options). A call
 * whose options are all plain values (`{ count: 3 }`, `{ name: "…" }`) is kept the same way, by key and options;
 * one with an object, a function or anything else in its options, and any answer that is not a string, still goes to
 * i18next every time.
 */
export function rememberPlainKeys(t: TFunction): TFunction {
  const known = new Map<string, string>();
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 1) return translate(key, ...rest);
    const options = rest[0];
    const call = rest.length === 0 ? key : typeof options === "object" && options !== null ? callKey(key, options) : null;
    if (call === null) return translate(key, ...rest);
    let text = known.get(call);
    if (text === undefined) {
      const answer = translate(key, ...rest);
      if (typeof answer !== "string") return answer;
      if (known.size >= MAX_PLAIN_KEYS) known.clear();
      text = answer;
      known.set(call, text);
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
