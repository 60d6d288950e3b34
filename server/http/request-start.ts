/**
 * When the proxy received a request, from the `X-Request-Start` header nginx stamps (`t=${msec}`: seconds since the
 * epoch with a millisecond fraction, e.g. `t=1764080000.123`); a bare number of seconds is read the same way. In
 * milliseconds since the epoch, or undefined when the header is absent or not such a time.
 */
export function requestStartMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value === undefined ? null : /^\s*(?:t=)?(\d{9,11}(?:\.\d{1,6})?)\s*$/.exec(value);
  if (!match?.[1]) return undefined;
  return Math.round(Number(match[1]) * 1000);
}

/** Whether a request the proxy received at `startMs` has waited past `budgetMs` at `nowMs` (never with budget 0 or no start). */
export function waitedPastBudget(startMs: number | undefined, nowMs: number, budgetMs: number): boolean {
  return budgetMs > 0 && startMs !== undefined && nowMs - startMs > budgetMs;
}
