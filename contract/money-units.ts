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

/** How each language writes an amount: the digits' separators and where the symbol goes (Intl's, held by a test). */
interface MoneyStyle {
  readonly group: string;
  readonly decimal: string;
  readonly write: (sign: string, symbol: string, digits: string) => string;
}
const ENGLISH: MoneyStyle = { group: ",", decimal: ".", write: (sign, symbol, digits) => `${sign}${symbol}${digits}` };
// A no-break space before the symbol; grouping always, so Spanish writes 1.000,00 € like the rest of the site.
const SPANISH: MoneyStyle = { group: ".", decimal: ",", write: (sign, symbol, digits) => `${sign}${digits}\u00a0${symbol}` };

/** The narrow symbol: "$", never "US$". */
const SYMBOLS: Record<Currency, string> = { EUR: "€", USD: "$", GBP: "£" };

/**
 * The one money formatter of the store (pages, mail, API messages): `€1,234.50` in English and `1.234,50 €` in
 * Spanish, exactly what `Intl.NumberFormat` writes for en-GB and es-ES with the narrow symbol and grouping always
 * (money.test.ts compares the two). Not Intl itself: the first Intl.NumberFormat a page builds costs the browser
 * 25–40 ms of its main thread while hydrating (decision 0099).
 */
export function formatMoney(value: Money, locale: string): string {
  const style = locale.startsWith("es") ? SPANISH : ENGLISH;
  const minor = Math.abs(Math.round(value.minor));
  const whole = String(Math.floor(minor / MINOR_PER_MAJOR)).replace(/\B(?=(\d{3})+$)/g, style.group);
  const cents = String(minor % MINOR_PER_MAJOR).padStart(2, "0");
  return style.write(value.minor < 0 ? "-" : "", SYMBOLS[value.currency], `${whole}${style.decimal}${cents}`);
}
