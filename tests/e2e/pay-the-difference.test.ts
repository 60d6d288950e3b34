import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { balance, call, PASSWORD, register, topUp } from "../support/shop";
import { useStore } from "./support/store";
import { open, watchErrors } from "./storefront-support";

/**
 * Issue 25, point 3: a cart short of balance pays exactly the difference in the sandbox and lands on the thank-you
 * with the order placed from its briefs; a declined payment returns to the cart as it was. In both languages.
 */
const store = useStore();
const NBSP = "\u00a0";

type Locale = "en" | "es";
const at = (locale: Locale, path: string) => (locale === "es" ? `/es${path}` : path);
const brief = { topic: "How to price a wedding cake", audience: "Owners of small bakeries", tone: "friendly", length: "1500" };

const words = {
  en: {
    email: /^Email/,
    password: /^Password/,
    signIn: /^Sign in$/,
    agree: /^I agree to the/,
    topic: /^Topic/,
    pay: "Pay €17.50 and place the order",
    missing: "€17.50",
    sandboxAmount: "€17.50",
    placed: /Order (SC-\d{6}) is placed/,
    declined: "The payment was declined and nothing was charged. Your cart and briefs are as you left them.",
    balance: "€131.50",
  },
  es: {
    email: /^Correo/,
    password: /^Contraseña/,
    signIn: /^(Iniciar sesión|Entrar)$/,
    agree: /^Acepto las/,
    topic: /^Tema/,
    pay: `Pagar 17,50${NBSP}€ y hacer el pedido`,
    missing: `17,50${NBSP}€`,
    sandboxAmount: `17,50${NBSP}€`,
    placed: /pedido (SC-\d{6})/,
    declined: "El pago fue rechazado y no se ha cobrado nada. Tu carrito y tus briefings siguen como los dejaste.",
    balance: `131,50${NBSP}€`,
  },
} as const;

/** A customer holding €131.50 (Article Forge costs €149.00: €17.50 short), signed in on the cart with the article and its brief. */
async function shortCart(locale: Locale): Promise<{ page: Page; token: string; errors: string[] }> {
  const customer = await register(store.server.url);
  await topUp(store.server.url, customer.accessToken, 131.5);
  const context = await store.browser.newContext({ locale: locale === "es" ? "es-ES" : "en-GB" });
  await context.addInitScript((draft) => {
    window.localStorage.setItem("accepted-cookies", "true");
    if (window.localStorage.getItem("cart")) return;
    window.localStorage.setItem("cart", JSON.stringify([{ id: "line-1", productId: "article-forge" }]));
    window.localStorage.setItem("orders", JSON.stringify({ "line-1": draft }));
  }, brief);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = watchErrors(page);
  await open(page, `${store.server.url}${at(locale, "/auth/sign-in")}?redirect=${encodeURIComponent(at(locale, "/cart"))}`);
  await page.getByLabel(words[locale].email).fill(customer.email);
  await page.getByLabel(words[locale].password).fill(PASSWORD);
  await page.getByRole("button", { name: words[locale].signIn }).click();
  await page.waitForURL((url) => url.pathname === at(locale, "/cart"));
  await expect.poll(() => page.getByTestId("cart-missing").textContent()).toContain(words[locale].missing);
  await page.getByLabel(words[locale].agree).check();
  return { page, token: customer.accessToken, errors };
}

/** Pay the difference from the cart, and press `button` on the sandbox page showing exactly the shortfall. */
async function payInTheSandbox(page: Page, locale: Locale, button: RegExp): Promise<void> {
  await page.getByRole("button", { name: words[locale].pay }).click();
  await page.waitForURL((url) => url.pathname === at(locale, "/checkout/sandbox"));
  await expect.poll(() => page.getByTestId("sandbox-amount").textContent()).toBe(words[locale].sandboxAmount);
  await page.getByTestId("sandbox-checkout").getByRole("button", { name: button }).click();
  await page.waitForURL((url) => url.pathname === at(locale, "/cart"));
}

describe.each(["en", "es"] as const)("paying the difference in %s", (locale) => {
  it("pays the shortfall in the sandbox and lands on the thank-you with the order placed from its brief", async () => {
    const { page, token, errors } = await shortCart(locale);
    await payInTheSandbox(page, locale, /^(Pay|Pagar)$/);
    const placed = page.getByTestId("order-placed");
    await placed.waitFor();
    const number = words[locale].placed.exec((await placed.textContent()) ?? "")?.[1];
    expect(number).toMatch(/^SC-\d{6}$/);
    expect(new URL(page.url()).search).toBe("");
    await expect(page.evaluate(() => [window.localStorage.getItem("cart"), window.localStorage.getItem("orders")])).resolves.toEqual([null, null]);
    const orders = (await call(store.server.url, "/api/orders", { token })).body;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ number, total: 149, items: [{ productId: "article-forge", brief: expect.objectContaining(brief) }] });
    expect(await balance(store.server.url, token)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("comes back from a declined payment to the cart as it was, saying that nothing was charged", async () => {
    const { page, token, errors } = await shortCart(locale);
    await payInTheSandbox(page, locale, /^(Decline|Rechazar)$/);
    const note = page.getByTestId("checkout-not-placed");
    await expect.poll(() => note.getAttribute("data-state")).toBe("paymentFailed");
    expect(await note.textContent()).toContain(words[locale].declined);
    await expect(page.getByTestId("cart-line-article-forge").getByLabel(words[locale].topic).inputValue()).resolves.toBe(brief.topic);
    await expect.poll(() => page.getByTestId("cart-balance").textContent()).toBe(words[locale].balance);
    expect(await page.getByRole("button", { name: words[locale].pay }).isEnabled()).toBe(true);
    expect((await call(store.server.url, "/api/orders", { token })).body).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
