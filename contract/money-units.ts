/** Money as plain values and functions, without zod: what the browser needs on every page. `./money` adds the request schema. */
import type { Currency } from "./currency-codes";

/** Money inside the code: integer minor units (cents, pence) with its currency. */
export interface Money {
  readonly minor: number;
  readonly currency: Currency;
}

/** Every supported currency has two decimals. */
const MINOR_PER_MAJOR = 100;

/** API edge: minor units to a JSON number in major units (4990 -> 49.9). */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** API edge: a major-unit number with at most two decimals to minor units, or null when it has more. */
export function toMinor(major: number): number | null {
  if (!Number.isFinite(major)) return null;
  const minor = Math.round(major * MINOR_PER_MAJOR);
  return Math.abs(minor - major * MINOR_PER_MAJOR) < 1e-6 ? minor : null;
}

/** API edge, reading: a major-unit number from a response to Money (49.9 EUR -> 4990). */
export function moneyFromApi(major: number, currency: Currency): Money {
  return { minor: Math.round(major * MINOR_PER_MAJOR), currency };
}

export function money(minor: number, currency: Currency): Money {
  if (!Number.isSafeInteger(minor)) throw new Error(`money needs integer minor units, got ${minor}`);
  return { minor, currency };
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error(`cannot add ${a.currency} to ${b.currency}`);
  return { minor: a.minor + b.minor, currency: a.currency };
}

/** The page's language → the Intl locale its money is written in. */
function intlLocale(locale: string): string {
  return locale.startsWith("es") ? "es-ES" : "en-GB";
}

// Built once per language and currency: a new Intl.NumberFormat per call was a measurable share of rendering a page
// of prices.
const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${intlLocale(locale)}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    // narrowSymbol: "$", never "US$"; grouping always, so Spanish writes 1.000,00 € like the rest of the site.
    format = new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency, currencyDisplay: "narrowSymbol", useGrouping: "always" });
    formats.set(key, format);
  }
  return format;
}

/**
 * The one money formatter of the store (pages, mail, API messages): the page language's own convention with
 * `Intl.NumberFormat`, `€1,234.50` in English and `1.234,50 €` in Spanish (a no-break space before the symbol).
 */
export function formatMoney(value: Money, locale: string): string {
  return moneyFormat(locale, value.currency).format(toMajor(value.minor));
}
