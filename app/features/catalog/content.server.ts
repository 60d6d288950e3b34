import { BUNDLE_CONTENT, INFO_PAGES, SERVICE_CONTENT, type InfoPageId } from "../../../content/index";
import type { BundleId, ServiceId } from "../../../contract/product-ids";
import type { BundleContent, InfoPageContent, Localized, ServiceContent } from "../../../content/types";
import { intlLocale, type Locale } from "../../../common/locales";
import type { Currency } from "../../../contract/currency";
import { formatMoney } from "../../../contract/money-units";
import { DEFAULT_ON_TIME_CREDIT_PERCENT, fillPromises, offerPromises, promiseValues, revisionListItem, type PromiseSource } from "../../../content/promises";
import { ON_TIME_GUARANTEE_QUESTION, onTimeGuaranteeText } from "../../../content/policies/on-time-guarantee";
import { SERVICES } from "../../../content/catalog";
import { BALANCE_POLICY_QUESTION, balancePolicyText } from "../../../content/policies/balance-withdrawal";
import { DEFAULT_BALANCE_POLICY, type BalancePolicySettings } from "../../../contract/wallet";

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

/**
 * Copy made from a promise source is kept with that source: the server keeps one source until the catalog changes
 * (server/http/page-promises.ts), so a page's filled-in copy is worked out once per source, language and settings
 * instead of on every render (issue 27, render CPU). `key` names everything else the copy depends on; the settings
 * object is compared by identity (the server's is one object for the process).
 */
const keptCopy = new WeakMap<PromiseSource, Map<string, { policy: BalancePolicySettings; copy: unknown }>>();
/** Most pieces of copy kept per source (pages × languages × settings hold far fewer). */
const MAX_KEPT = 1_000;

function keptFor<T>(source: PromiseSource, key: string, policy: BalancePolicySettings, make: () => T): T {
  let byKey = keptCopy.get(source);
  if (!byKey) keptCopy.set(source, (byKey = new Map()));
  const kept = byKey.get(key);
  if (kept && kept.policy === policy) return kept.copy as T;
  const copy = make();
  if (byKey.size >= MAX_KEPT) byKey.clear();
  byKey.set(key, { policy, copy });
  return copy;
}

/**
 * A service page's copy with its promises filled in from the catalog data and settings (content/promises.ts); its FAQ
 * ends with the on-time guarantee (issue 28) and the unused-balance policy, the same text the terms, the balance page, the closing flow and the mail state.
 */
export function serviceContent(
  id: ServiceId,
  locale: Locale,
  source: PromiseSource,
  policy: BalancePolicySettings = DEFAULT_BALANCE_POLICY,
): InLocale<ServiceContent> {
  return keptFor(source, `service|${id}|${locale}`, policy, () => makeServiceContent(id, locale, source, policy));
}

function makeServiceContent(id: ServiceId, locale: Locale, source: PromiseSource, policy: BalancePolicySettings): InLocale<ServiceContent> {
  const content = fillPromises(inLocale(SERVICE_CONTENT[id], locale), promiseValues(source, locale, id, policy));
  const guarantee = onTimeGuaranteeText(locale, source.onTimeCreditPercent ?? DEFAULT_ON_TIME_CREDIT_PERCENT);
  const late = guarantee ? [{ question: ON_TIME_GUARANTEE_QUESTION[locale], answer: guarantee }] : [];
  return { ...content, faq: [...content.faq, ...late, { question: BALANCE_POLICY_QUESTION[locale], answer: balancePolicyText(locale, policy) }] };
}

// Made once per language: an Intl formatter costs far more to make than to use.
const savingPercents: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(intlLocale("en"), { style: "percent", maximumFractionDigits: 0 }),
  es: new Intl.NumberFormat(intlLocale("es"), { style: "percent", maximumFractionDigits: 0 }),
};

/**
 * A bundle page's copy; `{{saving}}` and `{{savingPercent}}` are what it saves against its services bought one by one,
 * in the visitor's currency and in the page's language (the prices of the database, never a figure in the copy).
 */
export function bundleContent(id: BundleId, locale: Locale, source: PromiseSource, saving: { minor: number; apartMinor: number; currency: Currency }): InLocale<BundleContent> {
  const key = `bundle|${id}|${locale}|${saving.currency}|${saving.minor}|${saving.apartMinor}`;
  return keptFor(source, key, DEFAULT_BALANCE_POLICY, () => makeBundleContent(id, locale, source, saving));
}

function makeBundleContent(id: BundleId, locale: Locale, source: PromiseSource, saving: { minor: number; apartMinor: number; currency: Currency }): InLocale<BundleContent> {
  const percent = savingPercents[locale];
  return fillPromises(inLocale(BUNDLE_CONTENT[id], locale), {
    ...promiseValues(source, locale),
    saving: formatMoney({ minor: saving.minor, currency: saving.currency }, locale),
    savingPercent: percent.format(saving.apartMinor > 0 ? saving.minor / saving.apartMinor : 0),
  });
}

/**
 * An information page; the terms list every service's revision rounds and the time each takes (`{{revisionList}}`)
 * and state the balance policy (`{{balancePolicy}}`), and every page may name the review window (`{{reviewWindow}}`).
 */
export function infoPage(
  id: InfoPageId,
  locale: Locale,
  source: PromiseSource,
  policy: BalancePolicySettings = DEFAULT_BALANCE_POLICY,
): InLocale<InfoPageContent> {
  return keptFor(source, `info|${id}|${locale}`, policy, () => makeInfoPage(id, locale, source, policy));
}

function makeInfoPage(id: InfoPageId, locale: Locale, source: PromiseSource, policy: BalancePolicySettings): InLocale<InfoPageContent> {
  const revisionList = SERVICES.map((service) => {
    const promised = offerPromises(source, service.id, locale);
    return `${SERVICE_CONTENT[service.id].name[locale]}: ${revisionListItem(promised.revisions, promised.revisionTime, locale)}`;
  }).join("; ");
  return fillPromises(inLocale(INFO_PAGES[id], locale), { ...promiseValues(source, locale, undefined, policy), revisionList });
}

/** The one-line pitch of every product, for lists. */
export function taglines(locale: Locale): Record<ServiceId | BundleId, string> {
  const all = [...Object.values(SERVICE_CONTENT), ...Object.values(BUNDLE_CONTENT)];
  return Object.fromEntries(all.map((item) => [item.id, item.tagline[locale]])) as Record<ServiceId | BundleId, string>;
}
