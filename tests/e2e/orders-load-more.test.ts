import { expect, it } from "vitest";
import { useStore } from "./support/store";
import { open, visitor } from "./storefront-support";

const store = useStore();

async function call<T>(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(store.server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

it("lists a customer's orders a page at a time: 20 first, the older ones after 'Show older orders', in Spanish too", async () => {
  const email = `many-orders-${Date.now()}@example.com`;
  const password = "correct horse battery staple";
  const tokens = await call<{ accessToken: string; refreshToken: string }>("/api/Accounts/register", {
    firstName: "Ana", lastName: "García", email, country: "ES", password, repeatedPassword: password, agreedToPrivacyPolicy: true,
  });
  const billing = { firstName: "Ana", lastName: "García", email, businessName: "", country: "ES", city: "Valencia", address1: "Calle de la Paz 7", state: "", zipCode: "46003", agreedToPP_TOS: true };
  const paid = await call<{ depositId: string }>("/api/balance/deposit", { ...billing, depositAmount: 6000, currency: "EUR" }, tokens.accessToken);
  await call(`/api/payments/sandbox/${paid.depositId}/complete`, { outcome: "paid" }, tokens.accessToken);
  const numbers: string[] = [];
  for (let index = 0; index < 21; index++) {
    const brief = { website: `https://shop-${index}.example.com`, keywords: ["sourdough"], market: "local" };
    const order = await call<{ number: string }>("/api/orders", { ...billing, orderFormData: [{ productId: "seo-layer", brief }], currency: "EUR" }, tokens.accessToken, {
      "idempotency-key": `many-${index}`,
    });
    numbers.push(order.number);
  }

  for (const [path, more] of [["/profile/orders", "Show older orders"], ["/es/profile/orders", "Mostrar pedidos anteriores"]] as const) {
    const context = await visitor(store.browser);
    await context.addInitScript((pair) => {
      window.localStorage.setItem("rememberMe", "true");
      window.localStorage.setItem("jwtToken", pair.accessToken);
      window.localStorage.setItem("refreshToken", pair.refreshToken);
    }, tokens);
    const page = await context.newPage();
    await open(page, store.server.url + path);
    const cards = page.locator("main ol > li[data-testid^='order-']");
    // Newest first: the first page holds the last 20 placed, not the first one.
    await expect.poll(() => cards.count()).toBe(20);
    expect(await page.getByTestId(`order-${numbers[0]}`).count()).toBe(0);
    await page.getByRole("button", { name: more }).click();
    await expect.poll(() => cards.count()).toBe(21);
    await page.getByTestId(`order-${numbers[0]}`).waitFor();
    expect(await page.getByRole("button", { name: more }).count()).toBe(0);
    await context.close();
  }
});
