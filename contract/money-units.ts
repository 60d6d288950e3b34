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

const SYMBOLS: Record<Currency, string> = { EUR: "€", USD: "$", GBP: "£" };

// Built once: a new Intl.NumberFormat per call was a measurable share of rendering a page of prices.
const MONEY_OPTIONS: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: "always" };
const MONEY_EN = new Intl.NumberFormat("en-GB", MONEY_OPTIONS);
const MONEY_ES = new Intl.NumberFormat("es-ES", MONEY_OPTIONS);

/**
 * Formats for people, symbol first in both languages with the language's separators:
 * `€1,234.50` in English, `€1.234,50` in Spanish.
 */
export function formatMoney(value: Money, locale: string): string {
  const number = (locale.startsWith("es") ? MONEY_ES : MONEY_EN).format(Math.abs(toMajor(value.minor)));
  return `${value.minor < 0 ? "-" : ""}${SYMBOLS[value.currency]}${number}`;
}
