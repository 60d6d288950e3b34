/** Any origin would do: a target is resolved against it and must still be on it afterwards. */
const HERE = "https://this-site.invalid";

/**
 * A `?redirect=` target is honoured only when it is a path on this site: resolved the way a browser would (which
 * drops tabs and newlines and reads "\" as "/"), its origin must be this site's own. Whatever resolves elsewhere
 * (`//host`, `/\host`, `/<tab>/host`, `javascript:`) or is not a path gives the fallback. The answer is the
 * resolved path, so what the router navigates to is exactly what was checked.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target?.startsWith("/")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(target, HERE);
  } catch {
    return fallback;
  }
  if (resolved.origin !== HERE) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // A path whose meaning changed while resolving (a stripped control character, a backslash) is refused too.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
  return /[\u0000-\u001f\u007f\\]/.test(target) ? fallback : path;
}
