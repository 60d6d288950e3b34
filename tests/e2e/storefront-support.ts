import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { PUBLIC_PAGES } from "../../common/public-pages";

/** Every public page in both languages: `/`, `/es`, `/services`, `/es/services`, … */
export const PUBLIC_URLS: string[] = PUBLIC_PAGES.flatMap((page) => [page, page === "/" ? "/es" : `/es${page}`]);

const AXE = path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js");

/** A fresh visitor; `consented` answers the cookie banner beforehand so it never covers what a test clicks. */
export async function visitor(browser: Browser, { consented = true } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: "en-GB" });
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

/** axe-core's source, read once per test file. */
let axeSource: string | undefined;

/**
 * Serious and critical axe-core violations of the page (or of the part `within` selects), as "rule: target" lines.
 * axe-core is evaluated through the DevTools protocol, which the page's CSP does not govern, so every page keeps its
 * real CSP while it is checked.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  axeSource ??= await readFile(AXE, "utf8");
  await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run(context?: string): Promise<Result> } }).axe;
    const result = await (context === undefined ? axe.run() : axe.run(context));
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
  }, within);
}

export async function h1(page: Page): Promise<string> {
  const text = (await page.locator("h1").first().textContent()) ?? "";
  expect(await page.locator("h1").count()).toBe(1);
  return text.trim();
}
