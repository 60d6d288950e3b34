/**
 * The browser's message lookup (issue 27: i18next is 15 KB of the ~130 a storefront page may download). It does what
 * the app asks of i18next and gives the same text for it, which app/i18n/browser/translate.test.ts checks against
 * i18next itself for every message of every catalogue: nested keys (`a.b`), another namespace as `ns:key` or the `ns`
 * option, `{{name}}` interpolation without escaping (React escapes), `count` plurals (`_zero` for 0, the language's
 * plural rule, `_other`), `context`, `defaultValue` and `returnObjects`. Not: nesting (`$t(…)`), formats
 * (`{{value, number}}`), fallback languages (the browser holds one language).
 */

/** One language's catalogues by namespace. */
export type Catalogues = Record<string, Record<string, unknown> | undefined>;

export interface TranslateOptions {
  count?: number;
  context?: string | number;
  defaultValue?: string;
  returnObjects?: boolean;
  ns?: string;
  [value: string]: unknown;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralSuffix(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return `_${rules.select(count)}`;
}

function lookup(messages: Record<string, unknown> | undefined, key: string): unknown {
  let value: unknown = messages;
  for (const part of key.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The keys i18next tries, in its order: `_zero` (count 0), the plural form, the key itself, `_other`; each with context first. */
function candidates(key: string, locale: string, options: TranslateOptions): string[] {
  const { count, context } = options;
  const plural = typeof count === "number" ? pluralSuffix(locale, count) : null;
  const withContext = context !== undefined && context !== "" ? `${key}_${context}` : null;
  const forms = (base: string) => [...(count === 0 ? [`${base}_zero`] : []), ...(plural ? [base + plural] : [])];
  const keys = [...(withContext ? [...forms(withContext), withContext] : []), ...forms(key), key];
  if (plural && plural !== "_other") {
    if (withContext) keys.push(`${withContext}_other`);
    keys.push(`${key}_other`);
  }
  return keys;
}

/** `{{name}}` replaced by the option of that name; left as it is when the options do not have it (as i18next does). */
export function interpolate(text: string, values: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{-?(.+?)\}\}/g, (match, name: string) => {
    const value = values[name.trim()];
    if (value === undefined) return Object.hasOwn(values, name.trim()) ? "" : match;
    return value === null ? "" : String(value);
  });
}

/**
 * `ns:key` names its namespace when the key reads like a path (i18next's test: no space or `,?!;` in it, or before its
 * first dot); the rest of the key is the path, any further `:` a dot.
 */
function splitNamespace(fullKey: string): { named: string; key: string } | null {
  const separator = fullKey.indexOf(":");
  if (separator < 0) return null;
  const plain = (text: string) => !/[ ,?!;]/.test(text);
  const dot = fullKey.indexOf(".");
  if (!plain(fullKey) && !(dot > 0 && plain(fullKey.slice(0, dot)))) return null;
  const [named = "", ...rest] = fullKey.split(":");
  return { named, key: rest.join(".") };
}

function translateObject(found: object, resolve: (key: string) => unknown, key: string): unknown {
  const copy: Record<string, unknown> = Array.isArray(found) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [part, value] of Object.entries(found)) {
    const text = resolve(`${key}.${part}`);
    copy[part] = text === `${key}.${part}` ? value : text;
  }
  return copy;
}

/** The text of `key` in namespace `ns` (or the one the key names, `ns:key`) of `catalogues`, as i18next's `t` gives it. */
export function translate(
  catalogues: Catalogues,
  locale: string,
  ns: string,
  fullKey: string,
  options: TranslateOptions = {},
): unknown {
  const split = splitNamespace(fullKey);
  const namespace = split?.named ?? options.ns ?? ns;
  const key = split?.key ?? fullKey;
  let found: unknown;
  let usedKey = key;
  for (const candidate of candidates(key, locale, options)) {
    found = lookup(catalogues[namespace], candidate);
    usedKey = candidate;
    if (found !== undefined && found !== null) break;
  }
  if (found !== null && typeof found === "object") {
    if (options.returnObjects) {
      const resolve = (deepKey: string) => translate(catalogues, locale, namespace, deepKey, options);
      return translateObject(found, resolve, Array.isArray(found) ? usedKey : key);
    }
    found = undefined;
  }
  if (typeof found !== "string") found = options.defaultValue ?? key;
  return interpolate(found as string, options);
}
