/** Timestamps are stored as ISO-8601 UTC text in both dialects, so they sort and compare as strings. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}
