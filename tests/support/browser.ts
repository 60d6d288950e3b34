// The one browser of the e2e journeys, the Lighthouse bench and anything else that drives Chromium: the system
// Chromium (Debian package `chromium`, or CHROMIUM_PATH), never a downloaded browser, always with the same flags.
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless and quiet: no sandbox (containers), no GPU, no QUIC, and none of the background calls home. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Every new window (each browser context, in headless mode) preloads the address bar's popup as a web page in a
 * renderer of its own, which nobody sees: 0.4–1.6 s of a core per window, measured (decision 0094).
 */
export const DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * The journeys' only: each new visitor's first page starts a spare renderer beside its own, kept for a navigation
 * to another site that the journeys never make (80–120 ms of a core per context, decision 0095). The Lighthouse
 * bench keeps it, as a visitor's browser does.
 */
const JOURNEY_DISABLED_FEATURES = ["SpareRendererForSitePerProcess"];

/**
 * The features Playwright turns off with a `--disable-features` of its own. Chromium reads only the last
 * `--disable-features`, so ours repeats them; browser-flags.test.ts compares this list with Playwright's.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

const DISABLE_FEATURES = "--disable-features=";

/** `flags` with their `--disable-features` lists and `features` merged into one, last. */
export function withFeaturesDisabled(flags: readonly string[], features: readonly string[]): string[] {
  const given = flags.filter((flag) => flag.startsWith(DISABLE_FEATURES));
  const merged = new Set([...given.flatMap((flag) => flag.slice(DISABLE_FEATURES.length).split(",")), ...features]);
  return [...flags.filter((flag) => !given.includes(flag)), DISABLE_FEATURES + [...merged].join(",")];
}

/** The system Chromium under Playwright. */
export function launchBrowser(): Promise<Browser> {
  const features = [...PLAYWRIGHT_DISABLED_FEATURES, ...DISABLED_FEATURES, ...JOURNEY_DISABLED_FEATURES];
  const args = withFeaturesDisabled(CHROMIUM_FLAGS, features);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}
