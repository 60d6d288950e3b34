import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDateTimeIn } from "../../common/format-date";
import { addBusinessDays } from "../../server/modules/orders/due-dates";
import { call, PASSWORD, register, topUp } from "../support/shop";
import { E2E_WAIT_MS } from "./support/waits";
import { useStore } from "./support/store";
import { open } from "./storefront-support";
import { backOfficeTab } from "./support/back-office";

// Options per service (issue 28, docs/decisions/0077-service-options.md): a buyer picks rush and an extra revision round
// on the service page, sees them in the cart at their price, applies a promotion code (10 % off, made by a manager) and
// sees the discounted total, pays, and finds the discount, the shorter due date and the extra round on the order, in
// both languages.
const store = useStore();

const LANGUAGES = [
  {
    locale: "en",
    prefix: "",
    total: "€231.00",
    discounted: "€207.90",
    promo: "Code",
    apply: "Apply",
    addToCart: "Add to cart",
    options: ["Rush delivery", "Extra revision round"],
    rounds: "3 revision rounds included",
    billing: { city: /^City/, address: /^Address/, zip: /^Postal code/, agree: /^I agree to the/ },
    place: "Place order and pay from balance",
  },
  {
    locale: "es",
    prefix: "/es",
    total: "231,00 €",
    discounted: "207,90 €",
    promo: "Código",
    apply: "Aplicar",
    addToCart: "Añadir al carrito",
    options: ["Entrega urgente", "Ronda de revisión adicional"],
    rounds: "3 rondas de revisión incluidas",
    billing: { city: /^Ciudad/, address: /^Dirección/, zip: /^Código postal/, agree: /^Acepto las/ },
    place: "Realizar pedido y pagar con el saldo",
  },
] as const;
type Language = (typeof LANGUAGES)[number];

/** The reader's time zone, the browser's too: the order page shows dates in it once hydrated. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

async function signedIn(email: string, target: string, lang: Language): Promise<Page> {
  const context = await store.browser.newContext({ locale: lang.locale, timezoneId: TIME_ZONE });
  const page = await context.newPage();
  page.setDefaultTimeout(E2E_WAIT_MS);
  await open(page, `${store.server.url}${lang.prefix}/auth/sign-in?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel(/^(Email|Correo)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(PASSWORD);
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión|Entrar)$/ }).click();
  await page.waitForURL((url) => url.pathname === target);
  return page;
}

/** Text as read, its no-break spaces (Spanish money: "231,00 €") as plain ones. */
const plain = (value: string | null) => (value ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
const text = async (page: Page, testId: string) => plain(await page.getByTestId(testId).first().textContent());

/** The article's brief as the cart keeps its drafts (`orders`, keyed by line id): typed before, kept across pages. */
async function draftTheBrief(page: Page): Promise<void> {
  await page.evaluate(() => {
    const [line] = JSON.parse(window.localStorage.getItem("cart") ?? "[]") as Array<{ id: string }>;
    const brief = { topic: "Why sourdough takes two days", audience: "Bread lovers", tone: "friendly", length: "1500", keywords: "sourdough" };
    window.localStorage.setItem("orders", JSON.stringify({ [line?.id ?? ""]: brief }));
  });
}

describe("a buyer picks options for a service", () => {
  for (const lang of LANGUAGES) {
    it(`${lang.locale}: buys Article Forge with rush and an extra round and sees the price, the shorter due date and the round on the order`, async () => {
      // A manager's code: 10 % off every service, from now on.
      const code = `OPTIONS10${lang.locale.toUpperCase()}`;
      const office = await backOfficeTab(store, lang.locale, "manager");
      const created = await call(store.server.url, "/api/admin/promotion-codes", {
        token: office.token,
        body: { code, percent: 10, productIds: [], startsAt: new Date(Date.now() - 60_000).toISOString(), oncePerCustomer: true, firstOrderOnly: false },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      await office.context.close();
      const buyer = await register(store.server.url);
      await topUp(store.server.url, buyer.accessToken, 1000);
      const servicePath = `${lang.prefix}/services/article-forge`;
      const page = await signedIn(buyer.email, servicePath, lang);
      await open(page, `${store.server.url}${servicePath}`);

      // The service page offers the options with their prices; the price follows the choice.
      await page.getByTestId("option-rush").check();
      await page.getByTestId("option-extra-revision").check();
      await expect.poll(() => text(page, "price-with-options")).toContain(lang.total);
      await page.getByRole("button", { name: lang.addToCart }).click();
      await page.getByTestId("add-to-cart-status").getByRole("link").waitFor();

      // The cart keeps them, checked, at the line's price; the total follows.
      await draftTheBrief(page);
      await open(page, `${store.server.url}${lang.prefix}/cart`);
      const line = page.getByTestId("cart-line-article-forge");
      await expect.poll(async () => plain(await line.getByTestId("line-price").textContent())).toBe(lang.total);
      await expect(line.getByTestId("option-rush").isChecked()).resolves.toBe(true);
      await expect(line.getByTestId("option-extra-revision").isChecked()).resolves.toBe(true);
      await expect(line.getByTestId("option-meta-descriptions").isChecked()).resolves.toBe(false);
      await expect.poll(() => text(page, "cart-total")).toBe(lang.total);
      // The code is quoted on the line with its options: 10 % of the whole line comes off before paying.
      await page.getByLabel(lang.promo, { exact: true }).fill(code.toLowerCase());
      await page.getByRole("button", { name: lang.apply, exact: true }).click();
      await expect.poll(() => text(page, "cart-total")).toBe(lang.discounted);
      expect(await text(page, "cart-subtotal")).toBe(lang.total);
      await page.getByLabel(lang.billing.city).fill("Valencia");
      await page.getByLabel(lang.billing.address).fill("Calle de la Paz 7");
      await page.getByLabel(lang.billing.zip).fill("46003");
      await page.getByLabel(lang.billing.agree).check();
      await page.getByRole("button", { name: lang.place }).click();
      await page.getByTestId("order-placed").waitFor();
      // As stored: the code and its discount (a failure here is the order's, not its page's).
      const orders = await call(store.server.url, "/api/orders", { token: buyer.accessToken });
      const [order] = orders.body as Array<{ number: string; createdAt: string; dueAt: string; promoCode: string | null }>;
      expect(order?.promoCode).toBe(code);
      await page.getByTestId("open-placed-order").click();

      // The order: the code's discount, what was paid for the work, its options, the extra round and the rush's due date.
      await expect.poll(() => text(page, "order-discount")).toContain(code);
      const deliverable = page.getByTestId("deliverable-1");
      await expect.poll(async () => plain(await deliverable.getByTestId("deliverable-price").textContent())).toContain(lang.discounted);
      const options = plain(await deliverable.getByTestId("deliverable-options").textContent());
      for (const name of lang.options) expect(options).toContain(name);
      expect(plain(await deliverable.getByTestId("deliverable-rounds").textContent())).toBe(lang.rounds);
      const placedAt = new Date(order!.createdAt);
      // Rush: 2 business days instead of the service's 3.
      expect(order!.dueAt).toBe(addBusinessDays(placedAt, 2).toISOString());
      expect(order!.dueAt < addBusinessDays(placedAt, 3).toISOString()).toBe(true);
      await expect
        .poll(async () => plain(await deliverable.getByTestId("deliverable-due").textContent()))
        .toContain(plain(formatDateTimeIn(order!.dueAt, lang.locale)));
      await page.context().close();
    });
  }
});
