import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { call, PASSWORD, register, topUp } from "../support/shop";
import { at, FORM_WORDS, signInThroughThePage, type Locale } from "./support/sign-in";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor, watchErrors } from "./storefront-support";

/**
 * Issue 25 in both languages: a visitor sees the cart from the header and on sign-in reached from it (point 4); the
 * tabs of a browser session share one sign-in without "Remember me" (point 5); the thank-you page repeats the order
 * with its deliverables and due dates and takes the focus (point 7).
 */

const store = useStore();
const words = {
  en: {
    signOut: "Sign out",
    place: "Place order and pay from balance",
    purpose: "An account is where your orders live",
    reason: "Sign in to check out your 2 items.",
    signUpReason: "Create an account to check out your 2 items.",
    heading: /^Thank you! Order (\S+) is placed\.$/,
    due: /^Due \d/,
    next: "What happens next",
  },
  es: {
    signOut: "Cerrar sesión",
    place: "Realizar pedido y pagar con el saldo",
    purpose: "En tu cuenta viven tus pedidos",
    reason: "Inicia sesión para pagar los 2 elementos de tu carrito.",
    signUpReason: "Crea una cuenta para pagar los 2 elementos de tu carrito.",
    heading: /^¡Gracias! Hemos recibido tu pedido (\S+)\.$/,
    due: /^Entrega prevista: \d/,
    next: "Qué pasa ahora",
  },
} as const;

/** An amount in euros as each language writes it (below a thousand: no grouping). */
const euros = (locale: Locale, major: number) => (locale === "es" ? `${major.toFixed(2).replace(".", ",")}\u00a0€` : `€${major.toFixed(2)}`);

async function priceOf(productId: string): Promise<number> {
  const answer = await call(store.server.url, "/api/prices", { body: { currency: "EUR" } });
  return (answer.body.items as Array<{ id: string; price: number }>).find((item) => item.id === productId)?.price ?? Number.NaN;
}

async function browserWithCart(cart: Array<{ id: string; productId: string }>, drafts?: unknown): Promise<BrowserContext> {
  const context = await visitor(store.browser);
  await context.addInitScript(
    ([lines, briefs]) => {
      if (window.sessionStorage.getItem("cart-set")) return;
      window.sessionStorage.setItem("cart-set", "1");
      window.localStorage.setItem("cart", JSON.stringify(lines));
      if (briefs) window.localStorage.setItem("orders", JSON.stringify(briefs));
    },
    [cart, drafts] as const,
  );
  return context;
}

const signIn = (page: Page, locale: Locale, email: string, target: string) =>
  signInThroughThePage(page, store.server.url, locale, { email, password: PASSWORD }, target);

const texts = (scope: Page | Locator, testId: string) => scope.getByTestId(testId).allTextContents();
const TWO_LINES = [
  { id: "line-1", productId: "article-forge" },
  { id: "line-2", productId: "seo-layer" },
];

describe.each(["en", "es"] as const)("a visitor's cart in %s (issue 25, point 4)", (locale) => {
  it("opens from the header with its items and total, and sign-in and sign-up reached from it repeat them", async () => {
    const total = euros(locale, (await priceOf("article-forge")) + (await priceOf("seo-layer")));
    const context = await browserWithCart(TWO_LINES);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, `${store.server.url}${at(locale, "/services")}`);
    await page.getByTestId("cart-link").click();
    const panel = page.getByTestId("cart-panel");
    await expect.poll(() => texts(panel, "preview-line")).toEqual([
      `Article Forge${euros(locale, await priceOf("article-forge"))}`,
      `SEO Layer${euros(locale, await priceOf("seo-layer"))}`,
    ]);
    expect(await panel.getByTestId("preview-total").textContent()).toBe(total);
    expect(await panel.getByTestId("account-purpose").textContent()).toContain(words[locale].purpose);
    // Still on the page it was opened from: nobody was sent to sign in.
    expect(new URL(page.url()).pathname).toBe(at(locale, "/services"));
    expect(await seriousViolations(page)).toEqual([]);
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("cart-link");

    await page.getByTestId("cart-link").click();
    await panel.getByTestId("panel-sign-in").click();
    await page.waitForURL((url) => url.pathname === at(locale, "/auth/sign-in") && url.searchParams.get("redirect") === at(locale, "/cart"));
    const cart = page.getByTestId("checkout-cart");
    await expect.poll(() => cart.getByTestId("preview-total").textContent()).toBe(total);
    expect(await cart.getByTestId("checkout-reason").textContent()).toBe(words[locale].reason);
    expect(await cart.getByTestId("preview-line").count()).toBe(2);
    expect(await cart.getByTestId("account-purpose").textContent()).toContain(words[locale].purpose);
    expect(await seriousViolations(page)).toEqual([]);

    await open(page, `${store.server.url}${at(locale, "/auth/sign-up")}?redirect=${encodeURIComponent(at(locale, "/cart"))}`);
    await expect.poll(() => cart.getByTestId("preview-total").textContent()).toBe(total);
    expect(await cart.getByTestId("checkout-reason").textContent()).toContain(words[locale].signUpReason);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(["en", "es"] as const)("a visitor's cart on a 375 px phone in %s (issue 25, point 4)", (locale) => {
  it("opens from the header inside the screen, with the total and the way to check out", async () => {
    const context = await browserWithCart(TWO_LINES);
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, `${store.server.url}${at(locale, "/")}`);
    await page.getByTestId("cart-link").click();
    const panel = page.getByTestId("cart-panel");
    await expect.poll(() => panel.getByTestId("preview-total").textContent()).not.toBe("…");
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await panel.getByTestId("panel-sign-in").isVisible()).toBe(true);
    await context.close();
  });
});

describe.each(["en", "es"] as const)("one sign-in for the tabs of a browser session in %s (issue 25, point 5)", (locale) => {
  it("signs a new tab in from an open one without Remember me, and signing out in one tab signs the other out", async () => {
    const { email } = await register(store.server.url);
    const context = await visitor(store.browser);
    const first = await context.newPage();
    const errors = watchErrors(first);
    const orders = at(locale, "/profile/orders");
    await signIn(first, locale, email, orders);
    expect(await first.evaluate(() => [window.localStorage.getItem("jwtToken"), window.localStorage.getItem("rememberMe")])).toEqual([null, "false"]);

    // A new tab, as a mail's "Open order" link opens one: signed in, kept for this session only, nothing in its URL.
    const second = await context.newPage();
    errors.push(...watchErrors(second));
    await open(second, `${store.server.url}${orders}`);
    await second.getByTestId("account-link").waitFor();
    expect(new URL(second.url()).pathname).toBe(orders);
    expect(await second.evaluate(() => [Boolean(window.sessionStorage.getItem("jwtToken")), window.localStorage.getItem("jwtToken")])).toEqual([true, null]);

    // Signing out in the new tab signs the first one out too: its guarded page sends it to sign-in.
    await second.getByRole("button", { name: words[locale].signOut }).click();
    await first.waitForURL((url) => url.pathname === at(locale, "/auth/sign-in"));
    await first.getByTestId("sign-in-link").waitFor();
    expect(await first.evaluate(() => [window.sessionStorage.getItem("jwtToken"), window.sessionStorage.getItem("refreshToken")])).toEqual([null, null]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(["en", "es"] as const)("the thank-you page in %s (issue 25, point 7)", (locale) => {
  it("repeats the order, its deliverables with due dates and the next steps, with the focus on its heading", async () => {
    const customer = await register(store.server.url);
    await topUp(store.server.url, customer.accessToken, 500);
    const brief = { topic: "How to price a wedding cake", audience: "Bakers", tone: "friendly", length: "1500", keywords: "cakes" };
    const context = await browserWithCart([{ id: "line-1", productId: "article-forge" }], { "line-1": brief });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, locale, customer.email, at(locale, "/cart"));
    const price = euros(locale, await priceOf("article-forge"));
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe(price);
    const agree = page.getByLabel(FORM_WORDS[locale].agree);
    if (!(await agree.isChecked())) await agree.check();
    await page.getByRole("button", { name: words[locale].place }).click();

    const heading = page.getByTestId("thank-you-heading");
    await heading.waitFor();
    const number = words[locale].heading.exec((await heading.textContent()) ?? "")?.[1];
    expect(number).toMatch(/\S/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("thank-you-heading");
    expect(await page.getByTestId("placed-number").textContent()).toBe(number);
    expect(await page.getByTestId("placed-total").textContent()).toBe(price);
    const deliverable = page.getByTestId("placed-deliverable");
    await expect.poll(() => deliverable.count()).toBe(1);
    expect(await deliverable.textContent()).toContain("Article Forge");
    expect(await deliverable.getByTestId("placed-due").textContent()).toMatch(words[locale].due);
    expect(await page.getByRole("heading", { name: words[locale].next }).count()).toBe(1);
    expect(await page.getByTestId("placed-next-steps").locator("li").count()).toBe(3);
    expect(await page.locator("h1").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
