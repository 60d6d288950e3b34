import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useStore } from "./support/store";
import { h1, open, visitor, watchErrors } from "./storefront-support";

// The app asks for the latest build id every second here (default: every 5 minutes).
const METRICS_TOKEN = "journeys-metrics-token";
const store = useStore({ BUILD_POLL_SECONDS: "1", METRICS_TOKEN });

describe("language", () => {
  it("switches between EN and ES on the same page and remembers the choice in the locale cookie", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, store.server.url + "/services/seo-layer");
    await page.getByTestId("locale-es").click();
    await page.waitForURL(store.server.url + "/es/services/seo-layer");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const cookie = (await context.cookies()).find((entry) => entry.name === "locale");
    expect(cookie?.value).toBe("es");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    // With locale=es an English address leads to its Spanish twin…
    await open(page, store.server.url + "/about-us");
    expect(page.url()).toBe(store.server.url + "/es/about-us");
    // …until the visitor picks EN.
    await page.getByTestId("locale-en").click();
    await page.waitForURL(store.server.url + "/about-us");
    await open(page, store.server.url + "/contact-us");
    expect(page.url()).toBe(store.server.url + "/contact-us");
    expect(await h1(page)).toBe("Contact us");
    await context.close();
  });

  it("sends a first visit whose browser prefers Spanish to the Spanish page", async () => {
    const spanish = await fetch(store.server.url + "/services?ref=x", { redirect: "manual", headers: { "accept-language": "es-ES,es;q=0.9,en;q=0.8" } });
    expect(spanish.status).toBe(302);
    expect(spanish.headers.get("location")).toBe("/es/services?ref=x");
    const english = await fetch(store.server.url + "/services", { redirect: "manual", headers: { "accept-language": "en-US,en;q=0.9,es;q=0.8" } });
    expect(english.status).toBe(200);
    const chosen = await fetch(store.server.url + "/services", { redirect: "manual", headers: { "accept-language": "es", cookie: "locale=en" } });
    expect(chosen.status).toBe(200);
  });
});

describe("currency and cart", () => {
  it("adds to the cart from service and bundle pages; a currency change reprices the page and empties the cart", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, store.server.url + "/services/article-forge");
    expect(await page.getByTestId("product-price").textContent()).toBe("€149.00");
    await page.getByTestId("add-to-cart").click();
    await expect.poll(() => page.getByTestId("add-to-cart-status").textContent()).toContain("added to your cart");
    await open(page, store.server.url + "/bundles/growth-and-visibility-pack");
    await page.getByTestId("add-to-cart").click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("2");
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
    expect(cart.map((item: { productId: string }) => item.productId)).toEqual(["article-forge", "growth-and-visibility-pack"]);

    // With items in the cart the change asks first (it empties the cart).
    await page.getByTestId("currency-switcher").selectOption("GBP");
    await page.getByRole("dialog").getByRole("button", { name: "Switch to GBP and empty the cart" }).click();
    await expect.poll(() => page.getByTestId("product-price").textContent()).toBe("£295.00");
    expect(await page.getByTestId("cart-count").textContent()).toBe("0");
    expect(await page.evaluate(() => [localStorage.getItem("currency"), localStorage.getItem("cart")])).toEqual(["GBP", null]);

    // The server renders the chosen currency on the next page load, in the page's language format.
    await open(page, store.server.url + "/es/services");
    expect(await page.getByTestId("price-investor-and-strategy-suite").textContent()).toBe("1.380,00\u00a0£");
    expect(await page.getByTestId("currency-switcher").inputValue()).toBe("GBP");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("cookie consent", () => {
  it.each([
    ["Accept", "true"],
    ["Reject", "false"],
  ])("remembers %s across a reload", async (button, stored) => {
    const context = await visitor(store.browser, { consented: false });
    const page = await context.newPage();
    await open(page, store.server.url + "/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: button }).click();
    expect(await page.getByTestId("cookie-banner").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("accepted-cookies"))).toBe(stored);
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("cookie-banner").count()).toBe(0);
    await context.close();
  });
});

/** Resolves when the browser asks the server for `url` as a whole document (a full page load, not a client-side move). */
function documentRequest(page: Page, url: string) {
  return page.waitForRequest((request) => request.resourceType() === "document" && request.url() === url);
}

/**
 * True once a new document for `url` has replaced the page that had `window.samePage` set, and has loaded. A
 * client-side route change may commit its URL just before the full load replaces the page, so the old document is
 * polled until it is gone (an evaluate during the swap throws and counts as "not yet").
 */
async function inNewDocument(page: Page, url: string): Promise<boolean> {
  try {
    if (page.url() !== url) return false;
    return await page.evaluate(() => !("samePage" in window) && document.readyState === "complete");
  } catch {
    return false;
  }
}

describe("staying current", () => {
  it("moves within the app while the build is current, and makes the next route change a full page load once it is not", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, store.server.url + "/services");
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole("link", { name: "Details of SEO Layer" }).click();
    await page.waitForURL(store.server.url + "/services/seo-layer");
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);

    let polled = 0;
    await page.route("**/build/latest.json", (route) => {
      polled += 1;
      return route.fulfill({ json: { id: "a-newer-build" } });
    });
    await expect.poll(() => polled, { timeout: 5_000 }).toBeGreaterThan(0);
    const fullLoad = documentRequest(page, store.server.url + "/contact-us");
    await page.getByRole("link", { name: "Contact", exact: true }).click();
    await fullLoad;
    await expect.poll(() => inNewDocument(page, store.server.url + "/contact-us")).toBe(true);
    expect(await h1(page)).toBe("Contact us");
    await context.close();
  });

  it("loads the target as a full page when its route module fails to load, and marks the path for the 10-second suppression", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, store.server.url + "/services");
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    // The service page's own module only (an 8-character hash), not a chunk whose name starts the same (service-options).
    await page.route(/\/assets\/service-[\w-]{8}\.js$/, (route) => route.abort());
    const fullLoad = documentRequest(page, store.server.url + "/services/article-forge");
    await page.getByRole("link", { name: "Details of Article Forge" }).click();
    await fullLoad;
    await expect.poll(() => inNewDocument(page, store.server.url + "/services/article-forge")).toBe(true);
    expect(await h1(page)).toBe("Article Forge");
    expect(await page.evaluate(() => sessionStorage.getItem("reloaded:/services/article-forge"))).not.toBeNull();
    await context.close();
  });
});

describe("first paint", () => {
  it("needs no request but the document: the stylesheet is inline and allowed by the CSP's hash, scripts come after", async () => {
    for (const answer of ["miss", "hit"]) {
      const response = await fetch(store.server.url + "/es/bundles/growth-and-visibility-pack");
      expect(response.headers.get("x-page-cache")).toBe(answer);
      const html = await response.text();
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const css = /<style data-app-css="">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(css).toContain(".primary-button");
      const hash = createHash("sha256").update(css, "utf8").digest("base64");
      expect(response.headers.get("content-security-policy")).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, "\\$&")}'`));
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length).toBeGreaterThan(1);
      for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
    }
    // The browser applies it under that policy (a refused style would be a console error) and keeps it after hydration.
    const context = await visitor(store.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, store.server.url + "/es/bundles/growth-and-visibility-pack");
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe("flex");
    await page.getByTestId("locale-en").click();
    await page.waitForURL(store.server.url + "/bundles/growth-and-visibility-pack");
    expect(await page.evaluate(() => [document.querySelectorAll("style[data-app-css]").length, getComputedStyle(document.body).display])).toEqual([1, "flex"]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("compression", () => {
  it("answers a public page compressed as the client asks, from the cache or rendered for a query string", async () => {
    const cached = await fetch(store.server.url + "/es/services", { headers: { "accept-encoding": "br" } });
    expect(cached.headers.get("content-encoding")).toBe("br");
    expect(cached.headers.get("vary")).toContain("Accept-Encoding");
    expect(await cached.text()).toContain("</html>");
    const rendered = await fetch(store.server.url + "/es/services?ref=mail", { headers: { "accept-encoding": "gzip" } });
    expect(rendered.headers.get("x-page-cache")).toBeNull();
    expect(rendered.headers.get("content-encoding")).toBe("gzip");
    expect(rendered.headers.get("vary")).toContain("Accept-Encoding");
    expect(await rendered.text()).toContain('<html lang="es"');
    const plain = await fetch(store.server.url + "/es/services?ref=mail", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("</html>");
  });
});

describe("page cache", () => {
  // Content-Length is each answer's own: the first answer's brotli is the quick one, and a later hit may carry the
  // page's best compression once the thread pool has made it (server/http/page-cache.ts); the bytes decode the same.
  const headersOf = (response: Response) =>
    Object.fromEntries([...response.headers].filter(([name]) => !["date", "x-request-id", "x-page-cache", "content-length"].includes(name)));
  const counted = async (pattern: RegExp) => {
    const metrics = await (await fetch(store.server.url + "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(pattern.exec(metrics)?.[1] ?? 0);
  };
  const hits = () => counted(/^page_cache_requests_total\{result="hit"\} (\d+)/m);
  const termsAnswers = () => counted(/^http_requests_total\{method="GET",route="\/terms-of-service",status="200"\} (\d+)/m);

  it("answers a stored page with the headers of the rendered answer and a request id of its own, counted like any answer", async () => {
    const browser = { "accept-encoding": "gzip, deflate, br", "accept-language": "en-GB,en;q=0.9" };
    // A page no other test of this file opens first.
    const rendered = await fetch(store.server.url + "/terms-of-service", { headers: browser });
    expect(rendered.headers.get("x-page-cache")).toBe("miss");
    const renderedHtml = await rendered.text();
    const [hitsBefore, answersBefore] = [await hits(), await termsAnswers()];
    const stored = await fetch(store.server.url + "/terms-of-service", { headers: browser });
    expect(stored.headers.get("x-page-cache")).toBe("hit");
    expect(headersOf(stored)).toEqual(headersOf(rendered));
    expect(stored.headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(stored.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.headers.get("x-request-id")).not.toBe(rendered.headers.get("x-request-id"));
    expect(await stored.text()).toBe(renderedHtml);
    expect([await hits(), await termsAnswers()]).toEqual([hitsBefore + 1, answersBefore + 1]);
  });

  it("still sends a Spanish reader to the Spanish page, and keeps an answer to a request with a token out of every cache", async () => {
    await fetch(store.server.url + "/privacy-policy");
    const spanish = await fetch(store.server.url + "/privacy-policy", { redirect: "manual", headers: { cookie: "locale=es" } });
    expect(spanish.status).toBe(302);
    expect(spanish.headers.get("location")).toBe("/es/privacy-policy");
    const withToken = await fetch(store.server.url + "/privacy-policy", { headers: { authorization: "Bearer anything" } });
    expect(withToken.headers.get("x-page-cache")).toBe("hit");
    expect(withToken.headers.get("cache-control")).toBe("no-store");
  });
});

describe("requests a page does not take", () => {
  it("answers the contact page's form sent another way with the request's own 4xx, explained in the page's language", async () => {
    const json = await fetch(store.server.url + "/contact-us", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    const english = await json.text();
    expect(english).toContain("This request cannot be answered");
    expect(english).not.toContain("Internal Server Error");
    const put = await fetch(store.server.url + "/es/contact-us", { method: "PUT", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a%40b.c" });
    expect(put.status).toBe(405);
    expect(await put.text()).toContain("No se puede atender esta petición");
    const broken = await fetch(store.server.url + "/contact-us", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "not multipart at all" });
    expect(broken.status).toBe(400);
    const storefront = await fetch(store.server.url + "/services", { method: "DELETE" });
    expect(storefront.status).toBe(405);
    expect(await storefront.text()).toContain("This request cannot be answered");
  });
});

describe("theme", () => {
  it("is dark by default, and a chosen light theme holds from the first paint of the next page", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, store.server.url + "/");
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await page.getByTestId("theme-toggle").click();
    expect(await page.locator("html").getAttribute("class")).not.toContain("dark");
    // The class is set before any stylesheet or app script runs: check it at DOMContentLoaded.
    await page.goto(store.server.url + "/services", { waitUntil: "commit" });
    await page.waitForLoadState("domcontentloaded");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await context.close();
  });
});
