import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useStore } from "./support/store";
import { h1, open, PUBLIC_URLS, seriousViolations, visitor, watchErrors } from "./storefront-support";

const store = useStore();

const KNOWN_HEADINGS: Record<string, string> = {
  "/": "Words that work for your business",
  "/es": "Palabras que trabajan para tu negocio",
  "/services": "Services and bundles",
  "/es/services": "Servicios y packs",
  "/contact-us": "Contact us",
  "/es/contact-us": "Contacto",
};

/** One tab for a describe block that visits page after page, as a reader would; each test sees only its own errors. */
function sharedTab(options?: Parameters<typeof visitor>[1]) {
  const tab = { page: undefined as unknown as Page, errors: [] as string[] };
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await visitor(store.browser, options);
    tab.page = await context.newPage();
    tab.errors = watchErrors(tab.page);
  });
  beforeEach(() => {
    tab.errors.length = 0;
  });
  afterAll(() => context?.close());
  return tab;
}

describe("every public page, in English and in Spanish", () => {
  // Product names are brand names in both languages, so headings are unique per language: each page is checked
  // against the pages before it.
  const headings = { en: new Map<string, string>(), es: new Map<string, string>() };
  // The cookie banner stays open: axe-core checks it too.
  const tab = sharedTab({ consented: false });

  it.each(PUBLIC_URLS)("%s answers 200 in its language with a heading of its own, title, canonical and hreflang, without errors or a serious or critical axe-core violation", async (url) => {
    const { page, errors } = tab;
    const response = await open(page, store.server.url + url);
    expect(response?.status()).toBe(200);
    const spanish = url === "/es" || url.startsWith("/es/");
    expect(await page.locator("html").getAttribute("lang")).toBe(spanish ? "es" : "en");
    const heading = await h1(page);
    expect(heading).not.toBe("");
    if (KNOWN_HEADINGS[url]) expect(heading).toBe(KNOWN_HEADINGS[url]);
    const seen = headings[spanish ? "es" : "en"];
    expect(seen.get(heading), `${url} repeats the heading of ${seen.get(heading)}`).toBeUndefined();
    seen.set(heading, url);
    expect(await page.title()).not.toBe("");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(store.server.url + url);
    expect(await page.locator('link[hreflang="x-default"]').count()).toBe(1);
    expect(await page.locator('meta[property="og:title"]').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("describes services and bundles with JSON-LD offers in the shown currency", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, store.server.url + "/es/bundles/launch-essentials-kit");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd.offers).toMatchObject({ "@type": "Offer", price: "869.00", priceCurrency: "EUR" });
    expect(await page.getByTestId("product-price").textContent()).toBe("869,00\u00a0€");
    await context.close();
  });

  it("shows 404 with `Page Not Found` and the path for unknown paths in both languages", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    const english = await open(page, store.server.url + "/no/such-page");
    expect(english?.status()).toBe(404);
    expect(await h1(page)).toBe("Page Not Found");
    expect(await page.getByTestId("not-found").textContent()).toContain("/no/such-page");
    const spanish = await open(page, store.server.url + "/es/services/unknown");
    expect(spanish?.status()).toBe(404);
    expect(await h1(page)).toBe("Página no encontrada");
    expect(await page.getByTestId("not-found").textContent()).toContain("/es/services/unknown");
    expect(await page.locator("header nav").count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe("crawlers", () => {
  it("serves sitemap.xml with every public page in both languages and robots.txt pointing at it", async () => {
    const sitemap = await (await fetch(store.server.url + "/sitemap.xml")).text();
    for (const url of PUBLIC_URLS) expect(sitemap).toContain(`<loc>${store.server.url}${url}</loc>`);
    const robots = await (await fetch(store.server.url + "/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${store.server.url}/sitemap.xml`);
  });
});
