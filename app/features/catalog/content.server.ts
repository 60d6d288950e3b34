import { BUNDLE_CONTENT, INFO_PAGES, SERVICE_CONTENT, type InfoPageId } from "../../../content/index";
import type { BundleId, ServiceId } from "../../../contract/product-ids";
import type { BundleContent, InfoPageContent, Localized, ServiceContent } from "../../../content/types";
import type { Locale } from "../../../common/locales";

/** One language of a piece of copy: every `{en, es}` field becomes its `locale` value. */
export type InLocale<T> = { [K in keyof T]: T[K] extends Localized<infer U> ? U : T[K] };

function isLocalized(value: unknown): value is Localized<unknown> {
  return typeof value === "object" && value !== null && "en" in value && "es" in value;
}

/** Loaders send only the page's language to the browser; the copy itself never enters the client bundle. */
export function inLocale<T extends object>(value: T, locale: Locale): InLocale<T> {
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, isLocalized(field) ? field[locale] : field]),
  ) as InLocale<T>;
}

export function serviceContent(id: ServiceId, locale: Locale): InLocale<ServiceContent> {
  return inLocale(SERVICE_CONTENT[id], locale);
}

export function bundleContent(id: BundleId, locale: Locale): InLocale<BundleContent> {
  return inLocale(BUNDLE_CONTENT[id], locale);
}

export function infoPage(id: InfoPageId, locale: Locale): InLocale<InfoPageContent> {
  return inLocale(INFO_PAGES[id], locale);
}

/** The one-line pitch of every product, for lists. */
export function taglines(locale: Locale): Record<ServiceId | BundleId, string> {
  const all = [...Object.values(SERVICE_CONTENT), ...Object.values(BUNDLE_CONTENT)];
  return Object.fromEntries(all.map((item) => [item.id, item.tagline[locale]])) as Record<ServiceId | BundleId, string>;
}
