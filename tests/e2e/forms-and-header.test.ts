import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SERVICES, BUNDLES } from "../../content/catalog";
import { daysText, formatsText, revisionsText, turnaroundText, wordsText } from "../../content/promises";
import { useStore } from "./support/store";
import { open, seriousViolations } from "./storefront-support";

// The demo customer has a balance, so "Place order" is enabled and a submit shows the error summary.
/** The review window of the settings: the pages say it, never a figure of their own. */
const REVIEW_DAYS = 6;
const store = useStore({ DEMO_DATA: "true", REVIEW_DAYS: String(REVIEW_DAYS) });
const DEMO = { email: "demo@scriptorium.test", password: "demo-customer-2026" };
const PHONE = { width: 375, height: 667 };

const words = {
  en: { signIn: "Sign in", place: "Place order and pay from balance", send: "Send message", sent: "your message has reached us" },
  es: { signIn: "Iniciar sesión", place: "Realizar pedido y pagar con el saldo", send: "Enviar mensaje", sent: "hemos recibido tu mensaje" },
} as const;

/** A phone, with or without JavaScript. */
async function phone(browser: Browser, { javaScriptEnabled = true, consented = true } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled, locale: "en-GB" });
  if (consented) await context.addInitScript(() => window.localStorage.setItem("accepted-cookies", "true"));
  return context;
}

function prefix(locale: "en" | "es"): string {
  return locale === "es" ? "/es" : "";
}

async function signInAsDemo(page: Page, locale: "en" | "es", target: string): Promise<void> {
  await open(page, `${store.server.url}${prefix(locale)}/auth/sign-in?redirect=${encodeURIComponent(target)}`);
  await page.locator('[name="email"]').fill(DEMO.email);
  await page.locator('[name="password"]').fill(DEMO.password);
  await page.getByRole("button", { name: words[locale].signIn, exact: true }).click();
  await page.waitForURL((url) => url.pathname === target);
}

const focused = (page: Page) => page.evaluate(() => ({ id: document.activeElement?.id ?? "", testId: document.activeElement?.getAttribute("data-testid") }));

describe("errors and checkout", () => {
  for (const locale of ["en", "es"] as const) {
    it(`a failed order on a phone puts the error summary in focus, linking to the first bad field by its brief (${locale})`, async () => {
      const context = await phone(store.browser);
      // Three briefs: a service, another service and a bundle of two.
      await context.addInitScript(() => {
        if (window.localStorage.getItem("cart")) return;
        const items = ["article-forge", "seo-layer", "growth-and-visibility-pack"].map((productId, index) => ({ id: `line-${index}`, productId }));
        window.localStorage.setItem("cart", JSON.stringify(items));
      });
      const page = await context.newPage();
      await signInAsDemo(page, locale, `${prefix(locale)}/cart`);
      const place = page.getByRole("button", { name: words[locale].place });
      await expect.poll(() => place.isEnabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(PHONE.height * 3);
      await place.click();

      const summary = page.getByTestId("error-summary");
      await expect.poll(async () => (await focused(page)).testId).toBe("error-summary");
      const box = await summary.boundingBox();
      expect(box && box.y >= -1 && box.y < PHONE.height).toBe(true);
      // The first link goes to the first invalid field on the page, named with the brief it belongs to.
      const firstInvalid = await page.evaluate(() => document.querySelector('form [aria-invalid="true"]')?.id ?? "");
      expect(firstInvalid).not.toBe("");
      const first = summary.getByRole("link").first();
      expect(await first.getAttribute("href")).toBe(`#${firstInvalid}`);
      expect(await first.textContent()).toContain("Article Forge");
      // A bundle's field says which of its briefs it is in.
      const bundleLink = summary.getByRole("link", { name: locale === "es" ? /Briefing de SEO Layer|SEO Layer/ : /Brief for SEO Layer/ });
      expect(await bundleLink.count()).toBeGreaterThan(0);
      await first.click();
      await expect.poll(async () => (await focused(page)).id).toBe(firstInvalid);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`a wrong password shows the server's own message alone (${locale})`, async () => {
      const context = await phone(store.browser);
      const page = await context.newPage();
      await open(page, `${store.server.url}${prefix(locale)}/auth/sign-in`);
      await page.locator('[name="email"]').fill(DEMO.email);
      await page.locator('[name="password"]').fill("not the password at all");
      await page.getByRole("button", { name: words[locale].signIn, exact: true }).click();
      const headline = page.getByTestId("error-headline");
      await headline.waitFor();
      expect(await headline.textContent()).toBe(
        locale === "es" ? "El correo electrónico o la contraseña no son correctos." : "The email or password is incorrect.",
      );
      // Alone: no line under it blames the server for the customer's mistake (CONTRACT §7).
      expect(await page.getByTestId("error-summary").textContent()).not.toContain(
        locale === "es" ? "Se produjo un error en el servidor." : "A server side error occurred.",
      );
      await expect.poll(async () => (await focused(page)).testId).toBe("error-summary");
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe("without JavaScript", () => {
  it("the contact form opens its ticket on the server, keeps the message out of the URL, and keeps what was typed on an error", async () => {
    const context = await phone(store.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${store.server.url}/es/contact-us`);
    const message = "Quiero saber cómo funcionan las revisiones del Investor Deck, sin JavaScript.";
    // A bad address: the server's field error, the values kept.
    await page.locator('[name="email"]').fill("ana@example.c");
    await page.locator('textarea[name="description"]').fill(message);
    await page.getByRole("button", { name: words.es.send }).click();
    await page.waitForLoadState("load");
    expect(page.url()).toBe(`${store.server.url}/es/contact-us`);
    expect(await page.getByTestId("error-summary").count()).toBe(1);
    expect(await page.locator('[name="email"]').getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator('textarea[name="description"]').inputValue()).toBe(message);

    await page.locator('[name="email"]').fill("ana@example.com");
    await page.getByRole("button", { name: words.es.send }).click();
    await page.waitForLoadState("load");
    expect(page.url()).toBe(`${store.server.url}/es/contact-us`);
    expect(page.url()).not.toContain("description");
    expect(await page.getByTestId("contact-form").getByRole("status").textContent()).toContain(words.es.sent);
    const db = new Database(path.join(store.server.dataDir, "scriptorium.sqlite"), { readonly: true });
    try {
      const ticket = db.prepare("select email, description, locale from support_tickets where description = ?").get(message);
      expect(ticket).toEqual({ email: "ana@example.com", description: message, locale: "es" });
    } finally {
      db.close();
    }
    await context.close();
  });

  it("forgot-password sends its code from the server", async () => {
    const context = await phone(store.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${store.server.url}/auth/forgot-password`);
    await page.locator('[name="email"]').fill(DEMO.email);
    await page.getByRole("button", { name: "Send the code" }).click();
    await page.waitForLoadState("load");
    expect(page.url()).toBe(`${store.server.url}/auth/forgot-password`);
    expect(await page.getByText("Check your email").count()).toBe(1);
    await context.close();
  });

  it("sign-in and sign-up show their forms, and a guarded page a plain message, never a skeleton", async () => {
    const context = await phone(store.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of ["/auth/sign-in", "/es/auth/sign-in", "/auth/sign-up"]) {
      await page.goto(store.server.url + url);
      expect(await page.locator('form[method="post"] [name="email"]').count(), url).toBe(1);
      expect(await page.locator('[name="password"]').count(), url).toBe(1);
      expect(await page.getByTestId("guard-skeleton").count(), url).toBe(0);
      expect(await page.locator("noscript").count(), url).toBeGreaterThan(0);
    }
    for (const url of ["/profile/orders", "/cart", "/es/profile/balance"]) {
      await page.goto(store.server.url + url);
      expect(await page.getByTestId("guard-skeleton").count(), url).toBe(0);
      expect(await page.getByTestId("guard-pending").count(), url).toBe(1);
      expect(await page.getByRole("link", { name: /Go to sign-in|Ir a iniciar sesión/ }).count(), url).toBe(1);
    }
    await context.close();
  });
});

describe("phone header and cookie banner", () => {
  it("fits one row in Spanish at 375 px; the menu button opens the navigation, Escape closes it and returns the focus", async () => {
    const context = await phone(store.browser);
    const page = await context.newPage();
    await open(page, `${store.server.url}/es/services`);
    const header = page.getByTestId("site-header");
    const height = (await header.boundingBox())?.height ?? 0;
    expect(height).toBeLessThanOrEqual(72);
    const button = page.getByTestId("menu-button");
    const nav = page.getByRole("navigation", { name: "Principal" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.isVisible()).toBe(false);
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => nav.isVisible()).toBe(true);
    expect(await page.getByTestId("site-menu").getByRole("link", { name: "Quiénes somos" }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("menu-button");
    // A link of the menu closes it on the way.
    await button.click();
    await page.getByTestId("site-menu").getByRole("link", { name: "Contacto" }).click();
    await page.waitForURL((url) => url.pathname === "/es/contact-us");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("the cookie banner is small on a phone and first in the tab order after the skip link", async () => {
    const context = await phone(store.browser, { consented: false });
    const page = await context.newPage();
    await open(page, `${store.server.url}/es`);
    const banner = page.getByTestId("cookie-banner");
    const height = (await banner.boundingBox())?.height ?? 1000;
    expect(height).toBeLessThanOrEqual(PHONE.height * 0.15);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toContain("skip-link");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-testid]")?.getAttribute("data-testid"))).toBe("cookie-banner");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("promises", () => {
  it("every service and bundle page, the terms and the JSON-LD say what the catalog data says", async () => {
    const context = await phone(store.browser);
    const page = await context.newPage();
    for (const locale of ["en", "es"] as const) {
      for (const service of SERVICES) {
        await page.goto(`${store.server.url}${prefix(locale)}/services/${service.id}`);
        const fact = (key: string) => page.getByTestId(`promise-${key}`).textContent();
        expect(await fact("turnaround"), service.id).toBe(turnaroundText(service.turnaround, locale));
        expect(await fact("revisions"), service.id).toBe(revisionsText(service.revisions, locale));
        expect(await fact("formats"), service.id).toBe(formatsText(service.formats, locale));
        expect(await fact("review"), service.id).toBe(daysText(REVIEW_DAYS, locale));
        if (service.words) expect(await fact("length"), service.id).toBe(wordsText(service.words, locale));
        const body = (await page.locator("main").textContent()) ?? "";
        expect(body).not.toMatch(/\{\{|1,500–2,000|1\.500 a 2\.000/);
        const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
        expect(jsonLd.offers.deliveryLeadTime.value, service.id).toBe(service.turnaround);
      }
      for (const bundle of BUNDLES) {
        await page.goto(`${store.server.url}${prefix(locale)}/bundles/${bundle.id}`);
        const contained = SERVICES.filter((service) => bundle.services.includes(service.id));
        expect(await page.getByTestId("promise-turnaround").textContent(), bundle.id).toBe(
          turnaroundText(Math.max(...contained.map((service) => service.turnaround)), locale),
        );
        expect(await page.locator("main").textContent()).not.toContain("{{");
      }
      await page.goto(`${store.server.url}${prefix(locale)}/terms-of-service`);
      const terms = (await page.locator("main").textContent()) ?? "";
      expect(terms).toContain(`Investor Deck: ${revisionsText(3, locale)}`);
      expect(terms).toContain(`Article Forge: ${revisionsText(2, locale)}`);
      expect(terms).toContain(locale === "es" ? `durante los ${daysText(REVIEW_DAYS, locale)} siguientes a cada entrega` : `within ${daysText(REVIEW_DAYS, locale)} of each delivery`);
      await page.goto(`${store.server.url}${prefix(locale)}/`);
      expect((await page.locator("main").textContent()) ?? "").not.toMatch(/one round of revisions|una ronda de cambios/);
    }
    // The Article Forge length covers the brief's "About 800 words".
    await page.goto(`${store.server.url}/services/article-forge`);
    expect(await page.getByTestId("promise-length").textContent()).toBe("800–2,500 words");
    await context.close();
  });
});
