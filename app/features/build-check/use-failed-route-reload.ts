import { useEffect } from "react";
import { createPath, useNavigation } from "react-router";
import { reloadOnce } from "./reload-once";

const PENDING_KEY = "navigating-to";
/** A reload this soon after a navigation started is React Router giving up on a route module it could not load. */
const FAILED_WITHIN_MS = 5_000;

interface Pending {
  /** Where the visitor was going. */
  path?: string;
  /** The page the navigation started from: the one React Router reloads when the module import fails. */
  from?: string;
  at?: number;
}

function remember(path: string): void {
  try {
    const pending: Pending = { path, from: createPath(window.location), at: Date.now() };
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // no sessionStorage: React Router's own reload stands
  }
}

function forget(): Pending | null {
  try {
    const pending = JSON.parse(window.sessionStorage.getItem(PENDING_KEY) ?? "null") as Pending | null;
    window.sessionStorage.removeItem(PENDING_KEY);
    return pending;
  } catch {
    return null;
  }
}

/** The same-origin page a click on a link leads to, or null. */
function linkTarget(event: MouseEvent): string | null {
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return null;
  return anchor.pathname + anchor.search + anchor.hash;
}

/**
 * CONTRACT §2: a route module that fails to load triggers one full reload, suppressed for 10 s per path. React
 * Router reloads the page it was on when a module import fails; the target of the navigation under way is kept
 * in sessionStorage, and when the next document is a reload of the page that navigation started from, the browser
 * loads the target as a full page — once per path within 10 s (reloadOnce), so a failing module cannot loop.
 */
export function useFailedRouteReload(): void {
  const navigation = useNavigation();

  useEffect(() => {
    const pending = forget();
    // Only a reload of the very page the navigation left counts; typing an address or going back does not.
    const reloaded = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "reload";
    const here = createPath(window.location);
    if (reloaded && pending?.path && pending.from === here && pending.path !== here && Date.now() - (pending.at ?? 0) < FAILED_WITHIN_MS) {
      reloadOnce(pending.path);
    }
    // Recorded when the click bubbles up, before React Router imports the next route's module; only clicks its
    // links took over (default prevented) are client-side navigations, the rest load a document anyway.
    const onClick = (event: MouseEvent) => {
      const target = event.defaultPrevented ? linkTarget(event) : null;
      if (target) remember(target);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    if (navigation.state === "loading" && navigation.location) remember(createPath(navigation.location));
    else if (navigation.state === "idle") forget();
  }, [navigation.state, navigation.location]);
}
