import type { Locale } from "../../../common/locales";
import { CURRENCIES, type Currency } from "../../../contract/currency-codes";
import { formatMoney, moneyFromApi } from "../../../contract/money";

/** Major-unit amounts per currency as one line: "€10.00 · US$12.00". */
export function amountsText(amounts: Partial<Record<Currency, number>> | null | undefined, locale: Locale): string {
  return CURRENCIES.filter((currency) => amounts?.[currency] !== undefined)
    .map((currency) => formatMoney(moneyFromApi(amounts?.[currency] ?? 0, currency), locale))
    .join(" · ");
}

/** A decimal field's value, with a comma accepted; null when left empty, NaN when not a number (the server names it). */
export function decimalOf(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text.replace(",", "."));
}

/** Amounts per currency from the fields `<prefix>-EUR`, … (only those filled in). */
export function amountsFrom(data: FormData, prefix: string): Partial<Record<Currency, number>> {
  return Object.fromEntries(
    CURRENCIES.flatMap((currency) => {
      const value = decimalOf(data.get(`${prefix}-${currency}`));
      return value === null ? [] : [[currency, value]];
    }),
  );
}

/** A `datetime-local` value (the staff member's local time) as ISO-8601 UTC, or null when empty. */
export function isoFromLocal(value: FormDataEntryValue | null): string | null {
  const text = String(value ?? "").trim();
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** ISO-8601 UTC as a `datetime-local` value in the staff member's local time. */
export function localFromIso(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
