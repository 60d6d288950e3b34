import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { PUBLIC_PAGES } from "../../common/public-pages";

/** Every public page in both languages: `/`, `/es`, `/services`, `/es/services`, … */
export const PUBLIC_URLS: string[] = PUBLIC_PAGES.flatMap((page) => [page, page === "/" ? "/es" : `/es${page}`]);

const AXE = path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js");

/** A fresh visitor; `consented` answers the cookie banner beforehand so it never covers what a test clicks. */
export async function visitor(browser: Browser, { consented = true, bypassCSP = false } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ bypassCSP, locale: "en-GB" });
  if (consented) await context.addInitScript(() => window.localStorage.setItem("accepted-cookies", "true"));
  return context;
}

/** Collects page errors and console errors (CSP violations and hydration mismatches land there). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("status of 404")) errors.push(message.text());
  });
  return errors;
}

/** Loads a page and waits until the app runs (React Router's router exists, the network is quiet). */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForFunction(() => (window as { __reactRouterDataRouter?: object }).__reactRouterDataRouter !== undefined);
  await page.waitForLoadState("networkidle");
  return response;
}

/** Serious and critical axe-core violations of the page, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run();
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
  });
  return violations;
}

export async function h1(page: Page): Promise<string> {
  const text = (await page.locator("h1").first().textContent()) ?? "";
  expect(await page.locator("h1").count()).toBe(1);
  return text.trim();
}
