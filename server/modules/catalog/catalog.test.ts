import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_IDS, SERVICE_IDS } from "../../../contract/catalog";
import { registerCustomer, registerStaff } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

describe("POST /api/prices", () => {
  it("prices all 7 services and 5 bundles in the asked currency, in major units", async () => {
    const answer = await store.post("/api/prices", { currency: "GBP" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(answer.body.currency).toBe("GBP");
    const ids = answer.body.items.map((item: { id: string }) => item.id);
    expect(ids.sort()).toEqual([...SERVICE_IDS, ...BUNDLE_IDS].sort());
    expect(answer.body.items.find((item: { id: string }) => item.id === "article-forge")).toMatchObject({
      id: "article-forge",
      kind: "service",
      price: 129,
    });
    expect(answer.body.items.find((item: { id: string }) => item.id === "launch-essentials-kit").kind).toBe("bundle");
  });

  it("prices each bundle below the sum of the services it contains", async () => {
    const { body } = await store.post("/api/prices", { currency: "EUR" });
    const price = new Map<string, number>(body.items.map((item: { id: string; price: number }) => [item.id, item.price]));
    for (const bundle of BUNDLE_IDS) {
      const services = await store.services.catalog.servicesOf(bundle);
      expect(services.length).toBeGreaterThanOrEqual(2);
      const apart = services.reduce((sum, id) => sum + price.get(id)!, 0);
      expect(price.get(bundle)).toBeLessThan(apart);
    }
  });

  it("answers an unknown currency with the 400 field-error shape, translated", async () => {
    const english = await store.post("/api/prices", { currency: "JPY" });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      status: 400,
      title: "One or more validation errors occurred.",
      errors: { currency: ["Choose one of: EUR, USD, GBP."] },
    });
    const spanish = await store.post("/api/prices", { currency: "JPY" }, { headers: { "accept-language": "es-ES,es;q=0.9" } });
    expect(spanish.body.errors.currency).toEqual(["Elige una de estas opciones: EUR, USD, GBP."]);
  });

  it("keeps the seeded catalog once: a second seed adds nothing", async () => {
    await store.services.catalog.seed();
    const { body } = await store.post("/api/prices", { currency: "USD" });
    expect(body.items).toHaveLength(12);
  });
});

describe("PUT /api/admin/prices/:productId", () => {
  const newPrice = { currency: "EUR", price: 151.5 };

  it("lets staff set a price that /api/prices shows at once, and refuses everyone else", async () => {
    const staff = await registerStaff(store);
    const buyer = await registerCustomer(store);
    expect((await store.call("/api/admin/prices/article-forge", { method: "PUT", body: newPrice })).status).toBe(401);
    expect((await store.call("/api/admin/prices/article-forge", { method: "PUT", body: newPrice, token: buyer.accessToken })).status).toBe(403);

    const changed = await store.call("/api/admin/prices/article-forge", { method: "PUT", body: newPrice, token: staff.accessToken });
    expect(changed.status).toBe(200);
    expect(changed.body.items.find((item: { id: string }) => item.id === "article-forge").price).toBe(151.5);
    const { body } = await store.post("/api/prices", { currency: "EUR" });
    expect(body.items.find((item: { id: string }) => item.id === "article-forge").price).toBe(151.5);
    expect(await store.services.catalog.product("article-forge", "EUR")).toMatchObject({ price: 15_150 });
  });

  it("answers a price with three decimals or an unknown product with the 400 field-error shape", async () => {
    const staff = await registerStaff(store);
    const decimals = await store.call("/api/admin/prices/article-forge", { method: "PUT", body: { currency: "EUR", price: 1.005 }, token: staff.accessToken });
    expect(decimals.status).toBe(400);
    expect(Object.keys(decimals.body.errors)).toEqual(["price"]);
    const unknown = await store.call("/api/admin/prices/no-such-thing", { method: "PUT", body: newPrice, token: staff.accessToken });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(["productId"]);
  });
});
