/** A full page load of one path happens at most once in this window (CONTRACT §2: 10 s per path). */
export const RELOAD_SUPPRESS_MS = 10_000;
const KEY_PREFIX = "reloaded:";

/**
 * Loads `path` as a full page unless that path was reloaded this way in the last 10 seconds (kept in
 * sessionStorage, so it survives the reload). Returns whether it is reloading.
 */
export function reloadOnce(path: string, now = Date.now()): boolean {
  const key = KEY_PREFIX + path;
  try {
    const last = window.sessionStorage.getItem(key);
    if (last !== null && now - Number(last) < RELOAD_SUPPRESS_MS) return false;
    window.sessionStorage.setItem(key, String(now));
  } catch {
    // no sessionStorage: reload anyway (the browser then has no way to loop through here either)
  }
  window.location.assign(path);
  return true;
}
