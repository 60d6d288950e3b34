import type { Locale } from "../../common/locales";
import { byNamespace } from "./catalogues/by-namespace";

/**
 * Message catalogues: every JSON file in app/locales/<locale>/ is one namespace, and the validation messages the
 * server shares (common/validation/<locale>.json) are the `validation` namespace.
 * The server bundles all of them; the browser loads only its page's language, in three parts: the shop's catalogues
 * (every page), the account's (`ACCOUNT_NAMESPACES`: pages of a customer's account, sign-in, cart and checkout, which
 * import app/i18n/account-ready.ts) and the back office's (`admin*`, back-office pages only). Issue 27: one gzipped
 * file per part instead of twenty-odd small ones, and a visitor browsing the shop downloads only the shop's messages.
 */
export type Part = "shop" | "account" | "back-office";
export const PARTS_ALL: readonly Part[] = ["shop", "account", "back-office"];
/** Catalogues by language, then namespace (what i18next calls `Resource`). */
export type Resources = Record<string, Record<string, Record<string, unknown>>>;
type Catalogues = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

const PARTS: Record<Locale, Record<Part, Catalogues>> = {
  en: {
    shop: () => import("./catalogues/en-shop"),
    account: () => import("./catalogues/en-account"),
    "back-office": () => import("./catalogues/en-back-office"),
  },
  es: {
    shop: () => import("./catalogues/es-shop"),
    account: () => import("./catalogues/es-account"),
    "back-office": () => import("./catalogues/es-back-office"),
  },
};

/**
 * The account's namespaces: used only by pages that import app/i18n/account-ready.ts (app/i18n/message-parts.test.ts
 * checks every route). The catalogue files list them too (app/i18n/catalogues/*-account.ts, *-shop.ts).
 */
export const ACCOUNT_NAMESPACES = ["auth", "balance", "checkout", "orders", "paperwork", "profile", "support-ticket"];

/** The back office's catalogues: a storefront page in the browser never loads them (app/i18n/client-i18n.ts). */
export const isBackOfficeNamespace = (ns: string): boolean => ns === "admin" || ns.startsWith("admin-");

/** The catalogues of `locales`: every part, or the ones given. */
export async function loadResources(
  locales: readonly Locale[],
  parts: readonly Part[] = PARTS_ALL,
): Promise<Resources> {
  const resources: Resources = {};
  await Promise.all(
    locales.flatMap((locale) =>
      parts.map(async (part) => {
        try {
          Object.assign((resources[locale] ??= {}), byNamespace((await PARTS[locale][part]()).default));
        } catch (error) {
          // A catalogue that fails to load is logged, never an error page; keys show until the next load.
          console.error(`Could not load messages ${locale}/${part}`, error);
        }
      }),
    ),
  );
  return resources;
}
