import type { BrowserI18n } from "./browser/browser-i18n";
import type { Locale } from "../../common/locales";
import { loadResources, type Part } from "./resources";

/** The browser's one i18n instance (app/entry.client.tsx), once it exists. */
let clientI18n: BrowserI18n | undefined;

export function registerClientI18n(instance: BrowserI18n): void {
  clientI18n = instance;
}

/** Parts the modules of the first page asked for before the instance existed: app/entry.client.tsx loads them. */
const asked = new Set<Part>();
const loaded = new Set<Part>();

export function askedParts(): Part[] {
  return [...asked];
}

export function markLoaded(parts: readonly Part[]): void {
  for (const part of parts) loaded.add(part);
}

/**
 * Adds catalogues to the browser's i18n instance when they are not there yet. The server has every catalogue; the
 * browser starts with the shop's, and the parts its first page's modules asked for (app/entry.client.tsx), so a
 * visitor browsing the shop never downloads the account's or the back office's messages (issue 27). Called by
 * account-ready.ts and back-office-ready.ts at their top level: on the first page, before the instance exists, it
 * only notes the part.
 */
export async function loadMessages(...parts: Part[]): Promise<void> {
  if (typeof document === "undefined") return;
  const instance = clientI18n;
  if (!instance) {
    for (const part of parts) asked.add(part);
    return;
  }
  const missing = parts.filter((part) => !loaded.has(part));
  if (missing.length === 0) return;
  const locale = instance.language as Locale;
  const resources = await loadResources([locale], missing);
  for (const [ns, bundle] of Object.entries(resources[locale] ?? {})) instance.addResourceBundle(locale, ns, bundle);
  markLoaded(missing);
}
