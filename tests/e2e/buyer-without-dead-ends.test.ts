import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { call, placeOrder, register, topUp, billing, type Customer } from "../support/shop";
import { open, seriousViolations, watchErrors } from "./storefront-support";
import { useStore } from "./support/store";

// Issue 25, points 6, 8, 10, 11 and 12: what a buyer meets on the way, in both languages, on a phone and without
// JavaScript. Every customer is registered through the API and signed in by their remembered tokens.
const store = useStore();
const PHONE = { width: 390, height: 844 };
const LOCALES = ["en", "es"] as const;
type Locale = (typeof LOCALES)[number];
const prefix = (locale: Locale) => (locale === "es" ? "/es" : "");

const words = {
  en: {
    notFound: "There is no order SC-999999 in your account",
    backToOrders: "Go to your orders",
    unexpected: "An unexpected server error occurred.",
    place: "Place order and pay from balance",
    businessRequired: "Brief for Web Copycraft in Launch Essentials Kit: Business name is required",
    agreeLine: "Billing details: I agree to the terms of service and the privacy policy — ",
    noScriptCart: "Ordering needs JavaScript",
    contact: "Open the contact form",
    checking: "Checking whether you are signed in…",
    accountNote: "Your account pages need JavaScript in this browser.",
    paid: "This payment is paid.",
    pay: "Pay",
    decline: "Decline",
    toBalance: "Go to your balance",
    vat: "VAT",
  },
  es: {
    notFound: "No hay ningún pedido SC-999999 en tu cuenta",
    backToOrders: "Ir a tus pedidos",
    unexpected: "Se produjo un error inesperado en el servidor.",
    place: "Realizar pedido y pagar con el saldo",
    businessRequired: "Briefing de Web Copycraft en Launch Essentials Kit: El campo «Nombre del negocio» es obligatorio",
    agreeLine: null,
    noScriptCart: "Para hacer un pedido hace falta JavaScript",
    contact: "Abrir el formulario de contacto",
    checking: "Comprobando si has iniciado sesión…",
    accountNote: "Las páginas de tu cuenta necesitan JavaScript en este navegador.",
    paid: "Este pago ya está pagado.",
    pay: "Pagar",
    decline: "Rechazar",
    toBalance: "Ir a tu saldo",
    vat: "IVA",
  },
} as const;

/** A browser context signed in as `customer` (remembered tokens), with the cookie banner answered and `cart` in it. */
async function signedIn(browser: Browser, customer: Customer, options: { cart?: string[]; phone?: boolean; timezoneId?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: "en-GB",
    viewport: options.phone ? PHONE : undefined,
    timezoneId: options.timezoneId,
  });
  const cart = (options.cart ?? []).map((productId, index) => ({ id: `line-${index}`, productId }));
  await context.addInitScript(
    ({ accessToken, refreshToken, cart }) => {
      localStorage.setItem("accepted-cookies", "true");
      localStorage.setItem("rememberMe", "true");
      localStorage.setItem("jwtToken", accessToken);
      localStorage.setItem("refreshToken", refreshToken);
      if (cart.length > 0 && !localStorage.getItem("cart")) localStorage.setItem("cart", JSON.stringify(cart));
    },
    { accessToken: customer.accessToken, refreshToken: customer.refreshToken, cart },
  );
  return context;
}

const textOf = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? "").replace(/\s+/g, " ").trim();

describe("errors name the customer's situation (point 6)", () => {
  for (const locale of LOCALES) {
    it(`an order number that is not the customer's is not found, with the way back to the orders (${locale})`, async () => {
      const customer = await register(store.server.url);
      const context = await signedIn(store.browser, customer);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await open(page, `${store.server.url}${prefix(locale)}/profile/orders/SC-999999`);
      const notFound = page.getByTestId("order-not-found");
      await notFound.waitFor();
      expect(await notFound.getByRole("heading").textContent()).toBe(words[locale].notFound);
      expect(await page.locator("main").textContent()).not.toContain(words[locale].unexpected);
      await notFound.getByRole("link", { name: words[locale].backToOrders }).click();
      await page.waitForURL(`${store.server.url}${prefix(locale)}/profile/orders`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
      await context.close();
    });

    it(`the error summary names each field by its brief and bundle, as a person would (${locale})`, async () => {
      const customer = await register(store.server.url);
      await topUp(store.server.url, customer.accessToken, 1000);
      const context = await signedIn(store.browser, customer, { cart: ["launch-essentials-kit"] });
      const page = await context.newPage();
      await open(page, `${store.server.url}${prefix(locale)}/cart`);
      const place = page.getByRole("button", { name: words[locale].place });
      await expect.poll(() => place.isEnabled()).toBe(true);
      await place.click();
      const summary = page.getByTestId("error-summary");
      await summary.waitFor();
      const links = (await summary.getByRole("link").allTextContents()).map((line) => line.trim());
      expect(links[0]).toBe(words[locale].businessRequired);
      // No "Validation failed" under the headline, no doubled punctuation after a label that ends a sentence.
      expect(await summary.textContent()).not.toContain(locale === "es" ? "La validación ha fallado" : "Validation failed");
      for (const line of links) expect(line).not.toMatch(/[.:;]\s*[.:;]/);
      if (words[locale].agreeLine) expect(links.some((line) => line.startsWith(words[locale].agreeLine ?? ""))).toBe(true);
      await context.close();
    });
  }
});

describe("dates and the phone (points 8 and 12)", () => {
  for (const locale of LOCALES) {
    it(`an order on a phone shows its content before the account menu, its dates in the reader's zone (${locale})`, async () => {
      const customer = await register(store.server.url);
      await topUp(store.server.url, customer.accessToken, 1000);
      const placed = await placeOrder(store.server.url, customer.accessToken);
      expect(placed.status).toBe(200);
      const order = (await call(store.server.url, `/api/orders/${placed.body.number}`, { token: customer.accessToken })).body;
      const context = await signedIn(store.browser, customer, { phone: true, timezoneId: "Asia/Tokyo" });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await open(page, `${store.server.url}${prefix(locale)}/profile/orders/${placed.body.number}`);
      await page.getByTestId("order-page").waitFor();
      // The reader's zone, in the one date style of the language ("25 Nov 2026, 20:48" / "25 nov 2026, 20:48").
      const local = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });
      expect(await page.getByTestId("order-page").textContent()).toContain(local.format(new Date(order.createdAt)));
      // The order comes first: its heading and its status above the fold, the six menu links after it.
      const heading = await page.locator("main h1").boundingBox();
      const status = await page.getByTestId("order-page").boundingBox();
      const menu = await page.getByRole("navigation", { name: locale === "es" ? "Tu cuenta" : "Your account" }).boundingBox();
      expect(heading && status && menu).toBeTruthy();
      expect(status!.y).toBeLessThan(PHONE.height / 2);
      expect(menu!.y).toBeGreaterThan(status!.y + status!.height - 1);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`a long cart on a phone keeps its total and VAT in view (${locale})`, async () => {
      const customer = await register(store.server.url);
      const cart = ["launch-essentials-kit", "article-forge", "growth-and-visibility-pack", "web-copycraft"];
      const context = await signedIn(store.browser, customer, { phone: true, cart });
      const page = await context.newPage();
      await open(page, `${store.server.url}${prefix(locale)}/cart`);
      const bar = page.getByTestId("cart-total-bar");
      await bar.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(PHONE.height * 4);
      // Halfway down the briefs: the total and the VAT it includes (21 % of the gross, as the invoice splits it).
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect.poll(async () => {
        const box = await bar.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height + 1;
      }).toBe(true);
      const total = await textOf(page, "cart-total");
      const text = await textOf(page, "cart-total-bar");
      expect(text).toContain(total);
      expect(text).toContain(words[locale].vat);
      // 86900 + 14900 + 33900 + 49000 cents, VAT at 21 % included: 184700 − round(184700 / 1.21) = 32055.
      expect(text).toContain(locale === "es" ? "320,55" : "320.55");
      await context.close();
    });

    it(`a paid sandbox payment says it is paid and offers no Pay or Decline (${locale})`, async () => {
      const customer = await register(store.server.url);
      const deposit = await call(store.server.url, "/api/balance/deposit", { token: customer.accessToken, body: { ...billing, depositAmount: 25, currency: "EUR" } });
      expect(deposit.status).toBe(200);
      const paid = await call(store.server.url, `/api/payments/sandbox/${deposit.body.depositId}/complete`, { token: customer.accessToken, body: { outcome: "paid" } });
      expect(paid.body.status).toBe("paid");
      const context = await signedIn(store.browser, customer, { phone: true });
      const page = await context.newPage();
      await open(page, `${store.server.url}${prefix(locale)}/checkout/sandbox?deposit=${deposit.body.depositId}`);
      const checkout = page.getByTestId("sandbox-checkout");
      await checkout.getByText(words[locale].paid).waitFor();
      expect(await checkout.getByRole("button", { name: words[locale].pay, exact: true }).count()).toBe(0);
      expect(await checkout.getByRole("button", { name: words[locale].decline, exact: true }).count()).toBe(0);
      expect(await checkout.getByRole("link", { name: words[locale].toBalance }).getAttribute("href")).toBe(
        `${prefix(locale)}/profile/balance?deposit=${deposit.body.depositId}`,
      );
      await context.close();
    });
  }
});

describe("without JavaScript (point 10)", () => {
  for (const locale of LOCALES) {
    it(`a service page shows no dead "Add to cart": it says what needs JavaScript and offers the contact form (${locale})`, async () => {
      const context = await store.browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
      const page = await context.newPage();
      await page.goto(`${store.server.url}${prefix(locale)}/services/article-forge`);
      expect(await page.getByTestId("add-to-cart").isVisible()).toBe(false);
      const note = page.getByTestId("add-to-cart-no-script");
      expect(await note.isVisible()).toBe(true);
      expect(await note.textContent()).toContain(words[locale].noScriptCart);
      const contact = note.getByRole("link", { name: words[locale].contact });
      expect(await contact.getAttribute("href")).toBe(`${prefix(locale)}/contact-us`);
      await contact.click();
      await page.waitForURL(`${store.server.url}${prefix(locale)}/contact-us`);
      expect(await page.getByTestId("contact-form").isVisible()).toBe(true);
      await context.close();
    });

    it(`an account page says it needs JavaScript instead of checking forever (${locale})`, async () => {
      const context = await store.browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
      const page = await context.newPage();
      await page.goto(`${store.server.url}${prefix(locale)}/profile/orders`);
      expect(await page.getByText(words[locale].checking).isVisible()).toBe(false);
      // Playwright's text search skips <noscript>: the note is found by where it is.
      const note = page.getByTestId("guard-pending").locator("noscript p");
      expect(await note.isVisible()).toBe(true);
      expect(await note.textContent()).toContain(words[locale].accountNote);
      await context.close();
    });
  }
});

describe("the light theme (point 11)", () => {
  for (const locale of LOCALES) {
    it(`sign-in, sign-up and forgot-password have no serious contrast problem in the light theme (${locale})`, async () => {
      const context = await store.browser.newContext({ locale: "en-GB" });
      await context.addInitScript(() => {
        localStorage.setItem("accepted-cookies", "true");
        localStorage.setItem("theme", "light");
      });
      const page = await context.newPage();
      for (const path of ["/auth/sign-in", "/auth/sign-up", "/auth/forgot-password"]) {
        await open(page, `${store.server.url}${prefix(locale)}${path}`);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
        expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
      }
      // Dark stays the default.
      const fresh = await store.browser.newContext({ locale: "en-GB" });
      const other = await fresh.newPage();
      await open(other, `${store.server.url}${prefix(locale)}/auth/sign-in`);
      expect(await other.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      await fresh.close();
      await context.close();
    });
  }
});
