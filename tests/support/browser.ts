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

/** The system Chromium under Playwright. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}
