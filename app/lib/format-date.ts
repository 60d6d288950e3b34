import { formatDateTimeIn, formatDateTimeUtc } from "../../common/format-date";
import type { Locale } from "../../common/locales";

/**
 * Whether the page's script has taken over (hydrated): before, a date is rendered in UTC and says so, identical on
 * the server and in the hydrating browser (no mismatch); after, in the reader's own time zone, which only the browser
 * knows. Set once by the root (`useReaderTimeZone`).
 */
let readerZoneKnown = false;

/** Called by the root once hydrated: from now on dates are shown in the browser's time zone. */
export function markReaderTimeZoneKnown(): void {
  readerZoneKnown = true;
}

/**
 * The one date formatter of the app: an ISO-8601 timestamp in the page language's date style ("25 Nov 2026, 11:48",
 * "25 nov 2026, 11:48"), in the reader's time zone once the browser has told it, else in UTC saying so.
 */
export function formatDateTime(iso: string, locale: Locale): string {
  return typeof window !== "undefined" && readerZoneKnown ? formatDateTimeIn(iso, locale) : formatDateTimeUtc(iso, locale);
}
