import type { ServiceId } from "../contract/catalog";
import type { Localized } from "../contract/localized";
import { SERVICES, type DeliveryFormat, type WordRange } from "./catalog";
import { balancePolicyText, DEFAULT_BALANCE_POLICY, type BalancePolicySettings } from "./policies/balance-withdrawal";
import { onTimeGuaranteeText, percentText } from "./policies/on-time-guarantee";

type Locale = keyof Localized;

/**
 * What the database says a product promises (staff may change it): business days to the due date, revision rounds,
 * and business days a requested revision takes (`products.revision_days`).
 */
export interface ProductTerms {
  turnaroundDays: number;
  revisionRounds: number;
  revisionDays: number;
}

/**
 * Where every promise comes from: the catalog's terms per product and the store's settings (REVIEW_DAYS: the days a
 * customer has to review a delivery before it completes on its own).
 */
export interface PromiseSource {
  terms: Readonly<Record<string, ProductTerms>>;
  reviewDays: number;
  /** The on-time guarantee's percent (ON_TIME_CREDIT_PERCENT; 0: off); the catalog's default when left out. */
  onTimeCreditPercent?: number;
}

/** ON_TIME_CREDIT_PERCENT's default (issue 28). */
export const DEFAULT_ON_TIME_CREDIT_PERCENT = 10;

const INTL: Record<Locale, string> = { en: "en-GB", es: "es-ES" };

const FORMAT_NAMES: Record<DeliveryFormat, string> = { docx: "DOCX", pdf: "PDF", pptx: "PPTX", xlsx: "XLSX", md: "Markdown" };

// Built once: an Intl formatter costs far more to make than to use, and every page fills every service's promises.
const numbers = { en: new Intl.NumberFormat(INTL.en), es: new Intl.NumberFormat(INTL.es) };
const lists = { en: new Intl.ListFormat(INTL.en, { type: "conjunction" }), es: new Intl.ListFormat(INTL.es, { type: "conjunction" }) };

function count(value: number, locale: Locale): string {
  return numbers[locale].format(value);
}

const rules = { en: new Intl.PluralRules("en"), es: new Intl.PluralRules("es") };

/** "3 business days" / "3 días laborables". */
export function turnaroundText(days: number, locale: Locale): string {
  const one = rules[locale].select(days) === "one";
  if (locale === "es") return `${count(days, locale)} ${one ? "día laborable" : "días laborables"}`;
  return `${count(days, locale)} ${one ? "business day" : "business days"}`;
}

/** "7 days" / "7 días": calendar days, as the review window runs. */
export function daysText(days: number, locale: Locale): string {
  const one = rules[locale].select(days) === "one";
  if (locale === "es") return `${count(days, locale)} ${one ? "día" : "días"}`;
  return `${count(days, locale)} ${one ? "day" : "days"}`;
}

/** "2 revision rounds" / "2 rondas de revisión". */
export function revisionsText(rounds: number, locale: Locale): string {
  const one = rules[locale].select(rounds) === "one";
  if (locale === "es") return `${count(rounds, locale)} ${one ? "ronda de revisión" : "rondas de revisión"}`;
  return `${count(rounds, locale)} ${one ? "revision round" : "revision rounds"}`;
}

/** "2 revision rounds, each back within 3 business days" / "2 rondas de revisión, cada una en 3 días laborables". */
export function revisionListItem(rounds: string, time: string, locale: Locale): string {
  return locale === "es" ? `${rounds}, cada una en ${time}` : `${rounds}, each back within ${time}`;
}

/** "800–2,500 words" / "800 a 2500 palabras"; "up to 3,000 words" / "hasta 3000 palabras" (es-ES groups 5 digits and more only). */
export function wordsText(words: WordRange, locale: Locale): string {
  const max = count(words.max, locale);
  if (words.min === undefined) return locale === "es" ? `hasta ${max} palabras` : `up to ${max} words`;
  const min = count(words.min, locale);
  return locale === "es" ? `${min} a ${max} palabras` : `${min}–${max} words`;
}

/** "DOCX and PDF" / "DOCX y PDF". */
export function formatsText(formats: readonly DeliveryFormat[], locale: Locale): string {
  return lists[locale].format(formats.map((format) => FORMAT_NAMES[format]));
}

/** A product's terms as the database holds them, or the catalog's seed figures when it holds none. */
export function termsOf(source: PromiseSource, id: string): ProductTerms {
  const known = source.terms[id];
  if (known) return known;
  const service = SERVICES.find((entry) => entry.id === id);
  return { turnaroundDays: service?.turnaround ?? 5, revisionRounds: service?.revisions ?? 2, revisionDays: 3 };
}

type OfferPromises = Readonly<ReturnType<typeof makeOfferPromises>>;
const offers = new WeakMap<PromiseSource, Map<string, OfferPromises>>();

/**
 * What a product's offer box states: turnaround, revision rounds and their time, the review window; length and
 * formats of a service. Kept with the source, as the placeholder values are (promiseValues).
 */
export function offerPromises(source: PromiseSource, id: string, locale: Locale): OfferPromises {
  let bySource = offers.get(source);
  if (!bySource) offers.set(source, (bySource = new Map()));
  const key = `${locale} ${id}`;
  let offer = bySource.get(key);
  if (!offer) bySource.set(key, (offer = Object.freeze(makeOfferPromises(source, id, locale))));
  return offer;
}

function makeOfferPromises(source: PromiseSource, id: string, locale: Locale) {
  const term = termsOf(source, id);
  const service = SERVICES.find((entry) => entry.id === id);
  const guarantee = source.onTimeCreditPercent ?? DEFAULT_ON_TIME_CREDIT_PERCENT;
  return {
    turnaround: turnaroundText(term.turnaroundDays, locale),
    revisions: revisionsText(term.revisionRounds, locale),
    revisionTime: turnaroundText(term.revisionDays, locale),
    review: daysText(source.reviewDays, locale),
    // The on-time guarantee's percent as the page's language writes it ("10%", "10 %"); absent when it is off.
    ...(guarantee > 0 ? { guaranteePercent: percentText(guarantee, locale) } : {}),
    ...(service?.words ? { words: wordsText(service.words, locale) } : {}),
    ...(service ? { formats: formatsText(service.formats, locale) } : {}),
  };
}

/**
/**
 * The values the copy's placeholders stand for, in one language: `{{balancePolicy}}` (the unused-balance policy with
 * its settings), `{{turnaround}}`, `{{revisions}}`, `{{revisionTime}}`, `{{words}}` and `{{formats}}` of the page's own
 * service (when `own` is given), `{{<service id>.words}}`, `.formats`, `.turnaround`, `.revisions`, `.revisionTime` of
 * every service, for bundle copy and the terms, and `{{reviewWindow}}`, the store's review window. Turnaround, revision
 * rounds and revision time come from the database, the review window and the balance policy from the settings, words
 * and formats from the catalog.
 */
export function promiseValues(
  source: PromiseSource,
  locale: Locale,
  own?: ServiceId,
  policy: BalancePolicySettings = DEFAULT_BALANCE_POLICY,
): Readonly<Record<string, string>> {
  // The server keeps one source until the catalog changes (server/http/page-promises.ts): the texts made from it are
  // kept with it, so a page does not format every service's promises again.
  let bySource = made.get(source);
  if (!bySource) made.set(source, (bySource = new Map()));
  const key = `${locale} ${own ?? ""} ${policy.refundDays}`;
  let values = bySource.get(key);
  if (!values) bySource.set(key, (values = Object.freeze(makePromiseValues(source, locale, own, policy))));
  return values;
}

const made = new WeakMap<PromiseSource, Map<string, Readonly<Record<string, string>>>>();

function makePromiseValues(source: PromiseSource, locale: Locale, own: ServiceId | undefined, policy: BalancePolicySettings): Record<string, string> {
  // `{{balancePolicy}}`: what happens to unused balance, the one text every page and mail states (issue 25).
  const values: Record<string, string> = {
    reviewWindow: daysText(source.reviewDays, locale),
    balancePolicy: balancePolicyText(locale, policy),
    // `{{onTimeGuarantee}}`: the on-time guarantee from its setting (issue 28), empty when it is off.
    onTimeGuarantee: onTimeGuaranteeText(locale, source.onTimeCreditPercent ?? DEFAULT_ON_TIME_CREDIT_PERCENT),
  };
  for (const service of SERVICES) {
    const { review: _review, guaranteePercent: _guarantee, ...promised } = offerPromises(source, service.id, locale);
    for (const [key, value] of Object.entries(promised)) {
      values[`${service.id}.${key}`] = value;
      if (service.id === own) values[key] = value;
    }
  }
  return values;
}

const PLACEHOLDER = /\{\{([\w.-]+)\}\}/g;

/** Every `{{name}}` of the copy replaced by its value; an unknown name is a mistake in the copy and throws. */
export function fillPromises<T>(copy: T, values: Readonly<Record<string, string>>): T {
  if (typeof copy === "string") {
    return copy.replace(PLACEHOLDER, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`the copy names {{${name}}}, which no catalog data fills`);
      return value;
    }) as T;
  }
  if (Array.isArray(copy)) return copy.map((item) => fillPromises(item, values)) as T;
  if (typeof copy === "object" && copy !== null) {
    return Object.fromEntries(Object.entries(copy).map(([key, value]) => [key, fillPromises(value, values)])) as T;
  }
  return copy;
}
