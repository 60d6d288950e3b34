import { describe, expect, it } from "vitest";
import { call, PASSWORD, register, topUp } from "../support/shop";
import { backOfficeTab } from "./support/back-office";
import { useStore } from "./support/store";
import { open, watchErrors } from "./storefront-support";

/**
 * Issue 28, promotion codes, in both languages: a manager creates a code on the back office's page (reached from its
 * menu), a buyer applies it in the cart and sees the discounted total, pays from the balance, and finds the discount
 * on the order; the dashboard counts the code's use and revenue.
 */
const store = useStore();
const NBSP = "\u00a0";
const brief = { topic: "How to price a wedding cake", audience: "Owners of small bakeries", tone: "friendly", length: "1500" };
const at = (locale: "en" | "es", path: string) => (locale === "es" ? `/es${path}` : path);

const words = {
  en: {
    menu: "Promotion codes",
    create: "Create code",
    email: /^Email/,
    password: /^Password/,
    signIn: /^Sign in$/,
    agree: /^I agree to the/,
    promo: "Code",
    apply: "Apply",
    list: `€149.00`,
    total: "€111.75",
    discount: "−€37.25",
    place: "Place order and pay from balance",
    placed: /Order (SC-\d{6}) is placed/,
    onOrder: "code SPRING25EN: €37.25 off",
    unknown: "This promotion code does not exist. Check its spelling.",
    revenue: "€111.75",
  },
  es: {
    menu: "Códigos promocionales",
    create: "Crear código",
    email: /^Correo/,
    password: /^Contraseña/,
    signIn: /^(Iniciar sesión|Entrar)$/,
    agree: /^Acepto las/,
    promo: "Código",
    apply: "Aplicar",
    list: `149,00${NBSP}€`,
    total: `111,75${NBSP}€`,
    discount: `−37,25${NBSP}€`,
    place: "Realizar pedido y pagar con el saldo",
    placed: /pedido (SC-\d{6})/,
    onOrder: `código SPRING25ES: 37,25${NBSP}€ de descuento`,
    unknown: "Este código promocional no existe. Revisa cómo lo has escrito.",
    revenue: `111,75${NBSP}€`,
  },
} as const;

describe.each(["en", "es"] as const)("promotion codes in %s", (locale) => {
  it("a manager creates a code, a buyer applies it in the cart, pays the discounted total and finds the discount on the order", async () => {
    const w = words[locale];
    const code = `SPRING25${locale.toUpperCase()}`;
    // The manager: the back office's menu leads to the codes; a code of 25 % off everything, from now on.
    const office = await backOfficeTab(store, locale, "manager");
    await office.page.getByTestId("admin-shell").getByRole("link", { name: w.menu }).first().click();
    await office.page.waitForURL((url) => url.pathname === at(locale, "/admin/promotions"));
    const form = office.page.getByTestId("promotion-form");
    await form.locator("input[name=code]").fill(code.toLowerCase());
    await form.locator("input[name=percent]").fill("25");
    await form.getByRole("button", { name: w.create }).click();
    await office.page.getByTestId(`promotion-${code}`).waitFor();

    // The buyer: €200 on the balance, Article Forge (€149.00) in the cart with its brief.
    const customer = await register(store.server.url);
    await topUp(store.server.url, customer.accessToken, 200);
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
    await page.getByLabel(w.email).fill(customer.email);
    await page.getByLabel(w.password).fill(PASSWORD);
    await page.getByRole("button", { name: w.signIn }).click();
    await page.waitForURL((url) => url.pathname === at(locale, "/cart"));
    await expect.poll(() => page.getByTestId("cart-total").textContent(), { timeout: 15_000 }).toBe(w.list);

    // A mistyped code says why; the right one shows the discount and the total before paying.
    const field = page.getByLabel(w.promo, { exact: true });
    await field.fill("NOSUCHCODE");
    await page.getByRole("button", { name: w.apply, exact: true }).click();
    await expect.poll(() => page.getByText(w.unknown).count()).toBe(1);
    await field.fill(code.toLowerCase());
    await page.getByRole("button", { name: w.apply, exact: true }).click();
    await expect.poll(() => page.getByTestId("cart-total").textContent()).toBe(w.total);
    await expect(page.getByTestId("cart-discount").textContent()).resolves.toBe(w.discount);
    await expect(page.getByTestId("cart-subtotal").textContent()).resolves.toBe(w.list);

    await page.getByLabel(w.agree).check();
    await page.getByRole("button", { name: w.place }).click();
    const placed = page.getByTestId("order-placed");
    await placed.waitFor({ timeout: 30_000 });
    const number = w.placed.exec((await placed.textContent()) ?? "")?.[1];
    expect(number).toMatch(/^SC-\d{6}$/);
    const balance = (await call(store.server.url, "/api/balance", { token: customer.accessToken, body: { currency: "EUR" } })).body;
    expect(balance.balance).toBe(88.25);

    // The order's page shows the code's discount.
    await open(page, `${store.server.url}${at(locale, `/profile/orders/${number}`)}`);
    await expect.poll(() => page.getByTestId("order-discount").textContent(), { timeout: 15_000 }).toContain(w.onOrder);

    // The dashboard counts the use and what it brought in.
    await open(office.page, `${store.server.url}${at(locale, "/admin")}`);
    const row = office.page.getByTestId("promotion-figures").getByTestId(`promotion-${code}`);
    await expect.poll(() => row.getByTestId("promotion-uses").textContent(), { timeout: 15_000 }).toBe("1");
    await expect(row.getByTestId("promotion-revenue").textContent()).resolves.toBe(w.revenue);
    // The mistyped code's 400 is the one failed request the browser logs.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    expect(office.errors).toEqual([]);
    await context.close();
    await office.context.close();
  }, 180_000);
});
