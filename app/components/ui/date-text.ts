/**
 * Dates typed the way the page's language writes them (issue 26, point 15): a browser's own date input shows its
 * own language's format (`mm/dd/yyyy` in a Spanish page read by an American browser). Both our languages write
 * day/month/year (en-GB, es-ES); the API speaks ISO `YYYY-MM-DD`.
 */

/** `2026-11-28` → `28/11/2026`; "" for anything else. */
export function isoToDayMonthYear(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

/** `28/11/2026`, `28-11-2026`, `28.11.2026`, `1/2/2026` (or an ISO date) → `2026-11-28`; null when it is no real day. */
export function dayMonthYearToIso(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}
