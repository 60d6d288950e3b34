import type { Resource } from "i18next";
import type { Locale } from "../../common/locales";
import { namespaceOf } from "./catalogues/by-namespace";

/**
 * Message catalogues: every JSON file in app/locales/<locale>/ is one namespace, and the validation messages the
 * server shares (common/validation/<locale>.json) are the `validation` namespace.
 * The server bundles all of them; the browser loads only its page's language, as two files: the shop's catalogues,
 * and the back office's (`admin*`) only on back-office pages (issue 27: one gzipped file instead of twenty-odd small
 * ones, and no back-office messages on a storefront page).
 */
type Part = "shop" | "back-office";
type Catalogues = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

const PARTS: Record<Locale, Record<Part, Catalogues>> = {
  en: { shop: () => import("./catalogues/en-shop"), "back-office": () => import("./catalogues/en-back-office") },
  es: { shop: () => import("./catalogues/es-shop"), "back-office": () => import("./catalogues/es-back-office") },
};

/** Every namespace's name (the files are not loaded for this). */
export const NAMESPACES: string[] = [
  ...new Set(
    Object.keys(import.meta.glob(["../locales/en/*.json", "../../common/validation/en.json"])).map(namespaceOf),
  ),
];

/** The back office's catalogues: a storefront page in the browser never loads them (app/i18n/client-i18n.ts). */
export const isBackOfficeNamespace = (ns: string): boolean => ns === "admin" || ns.startsWith("admin-");

/** The catalogues of `locales`: both parts, or the one given. */
export async function loadResources(locales: readonly Locale[], only?: Part): Promise<Resource> {
  const resources: Resource = {};
  const wanted = only ? [only] : (["shop", "back-office"] as const);
  await Promise.all(
    locales.flatMap((locale) =>
      wanted.map(async (part) => {
        try {
          Object.assign((resources[locale] ??= {}), (await PARTS[locale][part]()).default);
        } catch (error) {
          // A catalogue that fails to load is logged, never an error page; keys show until the next load.
          console.error(`Could not load messages ${locale}/${part}`, error);
        }
      }),
    ),
  );
  return resources;
}
