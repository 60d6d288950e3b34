import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { deliverResult } from "./support/deliver-result";
import { useStore } from "./support/store";
import { open } from "./storefront-support";

const PASSWORD = "correct horse battery staple";

const store = useStore();

/** A new customer, registered through the API; the profile has no address yet. */
async function register(): Promise<string> {
  const email = `buyer-${randomUUID()}@example.com`;
  const response = await fetch(`${store.server.url}/api/Accounts/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Ana",
      lastName: "García",
      email,
      country: "ES",
      password: PASSWORD,
      repeatedPassword: PASSWORD,
      agreedToPrivacyPolicy: true,
    }),
  });
  expect(response.status).toBe(200);
  return email;
}

/** A page that fails the test on any script error, signed in through the sign-in page and sent on to `target`. */
async function signedIn(email: string, target: string, signInPath = "/auth/sign-in"): Promise<{ page: Page; errors: string[] }> {
  const context = await store.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  // A step that hangs fails on its own line, well inside the test's time.
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await open(page, `${store.server.url}${signInPath}?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel(/^(Email|Correo)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(PASSWORD);
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión|Entrar)$/ }).click();
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
  return { page, errors };
}

/** Fills the billing fields the profile could not prefill (the address) and accepts the terms. */
async function completeBilling(page: Page, agree: RegExp): Promise<void> {
  await page.getByLabel(/^(City|Ciudad)/).fill("Valencia");
  await page.getByLabel(/^(Address|Dirección)/).fill("Calle de la Paz 7");
  await page.getByLabel(/^(Postal code|Código postal)/).fill("46003");
  await page.getByLabel(agree).check();
}

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? "").trim();
}

/** Deposit: the form is prefilled from the profile; the sandbox page shows the amount; Pay credits it. Another
 * currency shows that currency's balance at once, and back. */
async function depositThroughTheSandbox(page: Page, email: string): Promise<void> {
  await expect.poll(() => page.getByLabel(/^First name/).inputValue()).toBe("Ana");
  await expect.poll(() => page.getByLabel(/^Email/).inputValue()).toBe(email);
  await expect.poll(() => text(page, "balance-amount")).toBe("€0.00");
  await page.getByLabel(/^Amount/).fill("1000");
  await completeBilling(page, /^I agree to the/);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL((url) => url.pathname === "/checkout/sandbox");
  await expect.poll(() => text(page, "sandbox-amount")).toBe("€1,000.00");
  await page.getByTestId("sandbox-checkout").getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname === "/profile/balance" && url.searchParams.has("deposit"));
  await expect.poll(() => page.getByTestId("deposit-outcome").getAttribute("data-status")).toBe("paid");
  await expect.poll(() => text(page, "balance-amount")).toBe("€1,000.00");
  await expect(page.getByTestId("transactions").textContent()).resolves.toContain("Deposit");

  // Another currency shows that currency's balance at once, and back.
  await page.getByTestId("currency-switcher").selectOption("USD");
  await expect.poll(() => text(page, "balance-amount")).toBe("$0.00");
  await page.getByTestId("currency-switcher").selectOption("EUR");
  await expect.poll(() => text(page, "balance-amount")).toBe("€1,000.00");
}

/** Every brief but the article's topic; the draft survives a reload (kept under `orders`). */
async function fillTheBriefs(page: Page, article: Locator, bundle: Locator): Promise<void> {
  // The article's brief, all but its topic; the draft survives a reload (kept under `orders`).
  await article.getByLabel(/^Who will read it/).fill("Owners of small bakeries");
  await article.getByLabel(/^Tone of voice/).selectOption("friendly");
  await article.getByLabel(/^Length/).selectOption("1500");
  await page.reload();
  await expect(article.getByLabel(/^Who will read it/).inputValue()).resolves.toBe("Owners of small bakeries");
  const stored = await page.evaluate(() => window.localStorage.getItem("orders"));
  expect(stored).toContain("Owners of small bakeries");

  // The bundle asks the brief of each service it contains.
  const seo = bundle.getByRole("group", { name: "Brief for SEO Layer" });
  await seo.getByLabel(/^Website to optimise/).fill("https://bakery.example.com");
  await seo.getByLabel(/^Keywords/).fill("sourdough, bakery valencia");
  await seo.getByLabel(/^Main market/).selectOption("local");
  const bundledArticle = bundle.getByRole("group", { name: "Brief for Article Forge" });
  await bundledArticle.getByLabel(/^Topic/).fill("Why sourdough takes two days");
  await bundledArticle.getByLabel(/^Who will read it/).fill("Bread lovers");
  await bundledArticle.getByLabel(/^Tone of voice/).selectOption("playful");
  await bundledArticle.getByLabel(/^Length/).selectOption("800");
  await completeBilling(page, /^I agree to the/);
}

/** Delivered by the team; the customer downloads exactly those bytes under the file's name. */
async function downloadTheResult(page: Page, orderNumber: string): Promise<Locator> {
  const file = path.join(store.server.dataDir, "Informe de panadería ñ.txt");
  const bytes = Buffer.from(`Result for ${orderNumber}\n${"sourdough ".repeat(5000)}`, "utf8");
  fs.writeFileSync(file, bytes);
  // A service and a bundle: the team delivers the file to each of the order's deliverables.
  deliverResult(store.server.dataDir, orderNumber, file, "all");

  await page.goto(`${store.server.url}/profile/orders`);
  const order = page.getByTestId(`order-${orderNumber}`);
  await expect.poll(() => order.getByTestId("order-status").textContent()).toBe("Delivered: please review");
  await expect(order.getByTestId("order-total").textContent()).resolves.toBe("€488.00");
  const [download] = await Promise.all([page.waitForEvent("download"), order.getByRole("button", { name: /^Download result/ }).click()]);
  expect(download.suggestedFilename()).toBe("Informe de panadería ñ.txt");
  const saved = await download.path();
  expect(fs.readFileSync(saved).equals(bytes)).toBe(true);
  return order;
}

describe("a customer orders from a prepaid balance", () => {
  it("deposits through the sandbox, orders a service and a bundle with briefs, pays, and downloads the result", async () => {
    const email = await register();
    const { page, errors } = await signedIn(email, "/profile/balance");

    await depositThroughTheSandbox(page, email);

    // A service and a bundle, added from their own pages.
    // (The page must be running before its button does anything: `open` waits for that.)
    for (const [product, name] of [["services/article-forge", "Article Forge"], ["bundles/growth-and-visibility-pack", "Growth & Visibility Pack"]]) {
      await open(page, `${store.server.url}/${product}`);
      await page.getByRole("button", { name: "Add to cart" }).first().click();
      await page.getByText(`${name} was added to your cart.`).waitFor();
    }

    await page.goto(`${store.server.url}/cart`);
    const article = page.getByTestId("cart-line-article-forge");
    const bundle = page.getByTestId("cart-line-growth-and-visibility-pack");
    // The cart shows after the script has run and asked for the session, prices and balance, each polled with the
    // journeys' generous deadline (E2E_WAIT_MS): the balance is an answer of its own, which may come after the prices
    // ("…" until then).
    await expect.poll(() => text(page, "cart-total")).toBe("€488.00");
    await expect.poll(() => text(page, "cart-balance")).toBe("€1,000.00");

    await fillTheBriefs(page, article, bundle);

    // Sent without the topic: the error shows at that very field, and nothing is ordered.
    await page.getByRole("button", { name: "Place order and pay from balance" }).click();
    const topic = article.getByLabel(/^Topic/);
    await expect.poll(() => topic.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await topic.getAttribute("aria-describedby")) ?? "";
    await expect(page.locator(`[id="${describedBy.split(" ").pop()}"]`).textContent()).resolves.toBe("This field is required.");
    // A human headline, and the field named by its line: "Article Forge: Topic is required".
    await expect(page.getByTestId("error-headline").textContent()).resolves.toMatch(/^\d+ fields? needs? your attention$/);
    await expect(page.getByTestId("error-summary").getByRole("link").allTextContents()).resolves.toContain("Article Forge: Topic is required");

    await topic.fill("How to price a wedding cake");
    await page.getByRole("button", { name: "Place order and pay from balance" }).click();
    const placed = page.getByTestId("order-placed");
    await placed.waitFor();
    const placedText = (await placed.textContent()) ?? "";
    expect(placedText).toContain("€488.00");
    const orderNumber = /Order (\S+) is placed/.exec(placedText)?.[1] ?? "";
    expect(orderNumber).not.toBe("");
    const leftovers = await page.evaluate(() => [window.localStorage.getItem("cart"), window.localStorage.getItem("orders")]);
    expect(leftovers).toEqual([null, null]);

    // The confirmation opens the order's own page (paid, with its due date); the list shows it paid too; the balance
    // dropped by the total.
    await page.getByRole("link", { name: "Follow this order" }).click();
    await page.waitForURL((url) => url.pathname === `/profile/orders/${orderNumber}`);
    await expect.poll(() => page.getByTestId("order-page").getByTestId("order-status").textContent()).toBe("Paid");
    await expect(text(page, "order-due")).resolves.toMatch(/^Due /);
    await page.goto(`${store.server.url}/profile/orders`);
    await expect.poll(() => page.getByTestId(`order-${orderNumber}`).getByTestId("order-status").textContent(), { timeout: 15_000 }).toBe("Paid");
    await page.goto(`${store.server.url}/profile/balance`);
    await expect.poll(() => text(page, "balance-amount"), { timeout: 15_000 }).toBe("€512.00");
    await expect(page.getByTestId("transactions").textContent()).resolves.toContain(`Payment of order ${orderNumber}`);

    const order = await downloadTheResult(page, orderNumber);
    // The order's page shows the briefs as placed.
    await order.getByRole("link", { name: "Open order" }).click();
    await page.waitForURL((url) => url.pathname === `/profile/orders/${orderNumber}`);
    // The staff tool delivered the file to every deliverable of the order: each shows it as its first version.
    await page.getByTestId("deliverable-1").getByTestId("version-1").waitFor();
    await expect(page.getByTestId("deliverable-3").getByTestId("version-1").isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("order-page").textContent()).resolves.toContain("How to price a wedding cake");
    await expect(page.getByTestId("order-page").textContent()).resolves.toContain("Friendly");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe("a declined sandbox payment", () => {
  it("leaves the balance unchanged and says so, and a short balance cannot pay an order — in Spanish", async () => {
    const email = await register();
    const { page, errors } = await signedIn(email, "/es/profile/balance", "/es/auth/sign-in");

    await expect.poll(() => text(page, "balance-amount")).toBe("0,00\u00a0€");
    // Below the store's minimum: the server's message shows at the amount field.
    const amount = page.getByLabel(/^Importe/);
    await amount.fill("1");
    await completeBilling(page, /^Acepto las/);
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await expect.poll(() => amount.getAttribute("aria-invalid")).toBe("true");
    await expect(page.locator(`[id="${(await amount.getAttribute("aria-describedby"))?.split(" ").pop()}"]`).textContent()).resolves.toBe("Introduce un importe de 5,00\u00a0€ a 10.000,00\u00a0€.");
    await amount.fill("50");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await page.waitForURL((url) => url.pathname === "/es/checkout/sandbox");
    await expect.poll(() => text(page, "sandbox-amount")).toBe("50,00\u00a0€");
    await page.getByTestId("sandbox-checkout").getByRole("button", { name: "Rechazar" }).click();
    await page.waitForURL((url) => url.pathname === "/es/profile/balance" && url.searchParams.has("deposit"));
    const outcome = page.getByTestId("deposit-outcome");
    await expect.poll(() => outcome.getAttribute("data-status")).toBe("declined");
    await expect(outcome.textContent()).resolves.toContain("Pago rechazado");
    await expect.poll(() => text(page, "balance-amount")).toBe("0,00\u00a0€");

    // Back in the cart with a brief filled in earlier; one item removed. The page says what is missing, and "Place
    // order" waits for a top-up (the server refuses a short balance too: orders.test.ts).
    await page.evaluate(() => {
      const cart = [{ id: "line-1", productId: "article-forge" }, { id: "line-2", productId: "seo-layer" }];
      window.localStorage.setItem("cart", JSON.stringify(cart));
      const brief = { topic: "Cómo fijar el precio de una tarta", audience: "Pastelerías", tone: "friendly", length: "800" };
      window.localStorage.setItem("orders", JSON.stringify({ "line-1": brief }));
    });
    await page.goto(`${store.server.url}/es/cart`);
    await expect.poll(() => text(page, "cart-total"), { timeout: 15_000 }).toBe("389,00\u00a0€");
    await page.getByRole("button", { name: "Quitar SEO Layer del carrito" }).click();
    await expect.poll(() => text(page, "cart-total")).toBe("149,00\u00a0€");
    await expect(page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]").length)).resolves.toBe(1);
    const missing = page.getByTestId("cart-missing");
    await expect.poll(() => missing.textContent()).toContain("149,00\u00a0€");
    await expect(missing.getByRole("link").getAttribute("href")).resolves.toBe("/es/profile/balance");
    await expect(page.getByLabel(/^Tema/).inputValue()).resolves.toBe("Cómo fijar el precio de una tarta");
    await completeBilling(page, /^Acepto las/);
    const place = page.getByRole("button", { name: "Realizar pedido y pagar con el saldo" });
    expect(await place.isDisabled()).toBe(true);
    const note = page.getByTestId("cart-short-note");
    await expect(note.getByRole("link").getAttribute("href")).resolves.toBe("/es/profile/balance");
    expect(await place.getAttribute("aria-describedby")).toBe("cart-short-note");
    await expect(page.evaluate(() => window.localStorage.getItem("cart"))).resolves.not.toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
