import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { deliverResult } from "./support/deliver-result";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor } from "./storefront-support";

const AXE = path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js");

const store = useStore();

let tokens: { accessToken: string; refreshToken: string };
let depositId: string;
let orderNumber: string;

async function call<T>(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(store.server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const email = `a11y-${Date.now()}@example.com`;
  const password = "correct horse battery staple";
  tokens = await call("/api/Accounts/register", {
    firstName: "Ana", lastName: "García", email, country: "ES", password, repeatedPassword: password, agreedToPrivacyPolicy: true,
  });
  const billing = { firstName: "Ana", lastName: "García", email, businessName: "", country: "ES", city: "Valencia", address1: "Calle de la Paz 7", state: "", zipCode: "46003", agreedToPP_TOS: true };
  const deposit = (amount: number) =>
    call<{ depositId: string }>("/api/balance/deposit", { ...billing, depositAmount: amount, currency: "EUR" }, tokens.accessToken);
  // A paid deposit, an order on it and its delivered result, so the orders page shows a full order…
  const paid = await deposit(500);
  await call(`/api/payments/sandbox/${paid.depositId}/complete`, { outcome: "paid" }, tokens.accessToken);
  const brief = { website: "https://bakery.example.com", keywords: ["sourdough"], market: "local" };
  const order = await call<{ number: string }>(
    "/api/orders",
    { ...billing, orderFormData: [{ productId: "seo-layer", brief }], currency: "EUR" },
    tokens.accessToken,
    { "idempotency-key": "a11y-order" },
  );
  deliverResult(store.server.dataDir, order.number, AXE);
  orderNumber = order.number;
  // …and a pending one for the sandbox checkout page.
  ({ depositId } = await deposit(25));
});

describe("accessibility of the customer's order screens: axe-core finds no serious or critical violation", () => {
  const pages = ["/cart", "/profile/balance", "/profile/orders", "/profile/orders/", "/checkout/sandbox?deposit="];
  // English pages in the dark theme, Spanish ones in the light theme: both themes' contrast is checked.
  it.each(pages.flatMap((page) => [page, `/es${page}`]))("on %s", async (page) => {
    const context = await visitor(store.browser);
    // Signed in (tokens kept as with "remember me") with a service and a bundle in the cart.
    await context.addInitScript(({ pair, theme }) => {
      window.localStorage.setItem("theme", theme);
      window.localStorage.setItem("rememberMe", "true");
      window.localStorage.setItem("jwtToken", pair.accessToken);
      window.localStorage.setItem("refreshToken", pair.refreshToken);
      const cart = [{ id: "line-1", productId: "seo-layer" }, { id: "line-2", productId: "growth-and-visibility-pack" }];
      window.localStorage.setItem("cart", JSON.stringify(cart));
    }, { pair: tokens, theme: page.startsWith("/es") ? "light" : "dark" });
    const tab = await context.newPage();
    await open(tab, store.server.url + page + (page.endsWith("deposit=") ? depositId : page.endsWith("/orders/") ? orderNumber : ""));
    await tab.locator("main h1").first().waitFor();
    if (page.endsWith("/orders") || page.endsWith("/orders/")) {
      // The order (its page: actions, versions, thread form, briefs, timeline) loaded.
      await tab.getByTestId("order-status").first().waitFor();
    }
    if (page.endsWith("/cart")) {
      // With every field error showing, too. (This customer's balance is short, so "Place order" is disabled: the
      // form is submitted directly, which runs the same checks.)
      await tab.locator("form button[type=submit]").waitFor();
      await tab.locator("form").first().evaluate((form) => (form as HTMLFormElement).requestSubmit());
      await tab.locator("[aria-invalid=true]").first().waitFor();
    }
    expect(await seriousViolations(tab, "main")).toEqual([]);
    await context.close();
  });
});
