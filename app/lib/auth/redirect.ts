/**
 * A `?redirect=` target is honoured only when it is a path on this site: it starts with "/" and not with "//" or
 * "/\" (both would let the browser leave for another host).
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
