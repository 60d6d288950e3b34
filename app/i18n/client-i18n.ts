import type { i18n } from "i18next";
import type { Locale } from "../../common/locales";
import { loadResources } from "./resources";

/** The browser's one i18n instance (app/entry.client.tsx), once it exists. */
let clientI18n: i18n | undefined;

export function registerClientI18n(instance: i18n): void {
  clientI18n = instance;
}

/**
 * Adds the back office's catalogues (`admin*` namespaces) to the browser's i18n instance when they are not there yet.
 * The server has every catalogue; the browser starts with the shop's only, unless its first page is a back-office one
 * (app/entry.client.tsx), so storefront pages never download the back office's messages (issue 27).
 */
export async function loadBackOfficeMessages(): Promise<void> {
  const instance = clientI18n;
  if (typeof document === "undefined" || !instance) return;
  const locale = instance.language as Locale;
  if (instance.hasResourceBundle(locale, "admin")) return;
  const resources = await loadResources([locale], "back-office");
  for (const [ns, bundle] of Object.entries(resources[locale] ?? {}))
    instance.addResourceBundle(locale, ns, bundle, true, true);
}
