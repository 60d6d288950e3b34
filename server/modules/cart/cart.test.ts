import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { registerCustomer, type TestCustomer } from "../../test/accounts";

let store: TestStore;
let ada: TestCustomer;
beforeAll(async () => {
  store = await startTestStore();
  ada = await registerCustomer(store);
});
afterAll(() => store.close());

const put = (customer: TestCustomer, body: unknown, headers: Record<string, string> = {}) =>
  store.call("/api/cart", { method: "PUT", body, token: customer.accessToken, headers });
const merge = (customer: TestCustomer, body: unknown) => store.post("/api/cart/merge", body, { token: customer.accessToken });
const get = (customer: TestCustomer) => store.call("/api/cart", { token: customer.accessToken });

const article = { topic: "Pricing a wedding cake", audience: "Bakeries" };

describe("the cart kept with the account", () => {
  it("is only for a signed-in customer", async () => {
    expect((await store.call("/api/cart")).status).toBe(401);
    expect((await store.call("/api/cart", { method: "PUT", body: { currency: "EUR", items: [] } })).status).toBe(401);
    expect((await store.post("/api/cart/merge", { currency: "EUR", items: [] })).status).toBe(401);
  });

  it("is empty until the browser sends one, then answers what was stored on any device", async () => {
    const customer = await registerCustomer(store);
    expect((await get(customer)).body).toEqual({ currency: null, items: [], updatedAt: null });
    const items = [
      // The favourite writer asked for on a line (issue 28) goes with it.
      { id: "line-1", productId: "article-forge", brief: article, options: ["rush"], writerId: "0b5a3c1e-7d2f-4a8b-9c6d-1e2f3a4b5c6d" },
      { id: "line-2", productId: "growth-and-visibility-pack", brief: { "seo-layer": { website: "https://cakes.example" } } },
      { id: "line-3", productId: "seo-layer" },
    ];
    const stored = await put(customer, { currency: "GBP", items });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ currency: "GBP", items });
    // Another device: a new sign-in of the same account.
    const elsewhere = await store.services.accounts.login({ email: customer.email, password: customer.password, rememberMe: false });
    const answer = await store.call("/api/cart", { token: elsewhere.accessToken });
    expect(answer.body.currency).toBe("GBP");
    expect(answer.body.items).toEqual(items);
    expect(typeof answer.body.updatedAt).toBe("string");
    // Other customers never see it.
    expect((await get(ada)).body.items).toEqual([]);
  });

  it("is replaced by every change and can be emptied", async () => {
    const customer = await registerCustomer(store);
    await put(customer, { currency: "EUR", items: [{ id: "a", productId: "seo-layer" }] });
    await put(customer, { currency: "USD", items: [] });
    expect((await get(customer)).body).toMatchObject({ currency: "USD", items: [] });
  });

  it("refuses unknown products, a foreign currency, too many lines, oversized briefs and repeated lines, in the asked language", async () => {
    const line = (id: string, extra: Record<string, unknown> = {}) => ({ id, productId: "article-forge", ...extra });
    const unknown = await put(ada, { currency: "EUR", items: [line("a"), { id: "b", productId: "ghost-writer" }] });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(["items[1].productId"]);

    const currency = await put(ada, { currency: "JPY", items: [] });
    expect(currency.body.errors).toEqual({ currency: ["Choose one of: EUR, USD, GBP."] });

    const many = await put(ada, { currency: "EUR", items: Array.from({ length: 21 }, (_, index) => line(`l${index}`)) });
    expect(many.body.errors).toEqual({ items: ["Add at most 20."] });

    const long = await put(ada, { currency: "EUR", items: [line("a", { brief: { topic: "x".repeat(20_001) } })] });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.errors)).toEqual(["items[0].brief"]);

    const repeated = await put(ada, { currency: "EUR", items: [line("a"), line("a")] }, { "accept-language": "es" });
    expect(repeated.body.errors).toEqual({ items: ["La misma línea del carrito está dos veces."] });

    const badId = await put(ada, { currency: "EUR", items: [line("<script>")] });
    expect(Object.keys(badId.body.errors)).toEqual(["items[0].id"]);

    const extra = await put(ada, { currency: "EUR", items: [], total: 1 });
    expect(extra.body.errors).toEqual({ total: ["Unknown field."] });

    const bodyTooBig = await put(ada, { currency: "EUR", items: [line("a", { brief: { topic: "x".repeat(1_100_000) } })] });
    expect(bodyTooBig.status).toBe(413);
    expect((await get(ada)).body.items).toEqual([]);
  });
});

describe("merging at sign-in", () => {
  it("makes one cart of both: same lines once, a brief-less twin folded into the typed one, typed briefs kept", async () => {
    const customer = await registerCustomer(store);
    await put(customer, {
      currency: "EUR",
      items: [
        { id: "phone-1", productId: "article-forge", brief: article },
        { id: "phone-2", productId: "seo-layer" },
        { id: "shared", productId: "web-copycraft" },
      ],
    });
    const answer = await merge(customer, {
      currency: "USD",
      items: [
        { id: "laptop-1", productId: "seo-layer", brief: { website: "https://cakes.example" } },
        { id: "laptop-2", productId: "article-forge", brief: { topic: "Another article" } },
        { id: "shared", productId: "web-copycraft", brief: { company: "Cakes Ltd" } },
        { id: "laptop-3", productId: "investor-deck" },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.currency).toBe("USD");
    expect(answer.body.items).toEqual([
      { id: "phone-1", productId: "article-forge", brief: article },
      { id: "phone-2", productId: "seo-layer", brief: { website: "https://cakes.example" } },
      { id: "shared", productId: "web-copycraft", brief: { company: "Cakes Ltd" } },
      { id: "laptop-2", productId: "article-forge", brief: { topic: "Another article" } },
      { id: "laptop-3", productId: "investor-deck" },
    ]);
    expect((await get(customer)).body.items).toEqual(answer.body.items);
    // Merging the same browser cart again changes nothing.
    const again = await merge(customer, { currency: "USD", items: answer.body.items });
    expect(again.body.items).toEqual(answer.body.items);
  });

  it("takes the browser's cart as it is when the account had none, and keeps the account's when the browser is empty", async () => {
    const customer = await registerCustomer(store);
    const first = await merge(customer, { currency: "GBP", items: [{ id: "a", productId: "seo-layer" }] });
    expect(first.body).toMatchObject({ currency: "GBP", items: [{ id: "a", productId: "seo-layer" }] });
    const second = await merge(customer, { currency: "GBP", items: [] });
    expect(second.body.items).toEqual([{ id: "a", productId: "seo-layer" }]);
  });

  it("never grows beyond the line limit", async () => {
    const customer = await registerCustomer(store);
    const lines = (prefix: string) => Array.from({ length: 15 }, (_, index) => ({ id: `${prefix}${index}`, productId: "custom-creation", brief: { idea: `${prefix}${index}` } }));
    await put(customer, { currency: "EUR", items: lines("a") });
    const answer = await merge(customer, { currency: "EUR", items: lines("b") });
    expect(answer.body.items).toHaveLength(20);
  });
});
