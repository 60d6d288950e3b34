import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRows } from "../../test/audit-rows";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

let store: TestStore;
let admin: TestCustomer;
let manager: TestCustomer;
let writer: TestCustomer;
beforeAll(async () => {
  store = await startTestStore();
  admin = await staffMember(store, "admin");
  manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
});
afterAll(() => store.close());

const seoLayer = { active: true, turnaroundDays: 4, revisionRounds: 3, revisionDays: 2, prices: { EUR: 99.5, USD: 109, GBP: 89 } };
const put = (id: string, body: unknown, token = admin.token) => store.call(`/api/admin/catalog/${id}`, { method: "PUT", body, token });

describe("catalog and prices in the back office", () => {
  it("lists every product with its terms and prices per currency", async () => {
    const answer = await store.call("/api/admin/catalog", { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.items).toHaveLength(12);
    expect(answer.body.items.find((item: { id: string }) => item.id === "article-forge")).toMatchObject({
      id: "article-forge", kind: "service", active: true, turnaroundDays: 3, revisionRounds: 2, revisionDays: 2, prices: { EUR: 149, USD: 165, GBP: 129 },
    });
  });

  it("changes prices and terms for new orders only: an order placed before keeps its price, due date and rounds", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const seo = [{ productId: "seo-layer" as const, brief: { website: "https://bakery.example", keywords: ["bakery madrid"], market: "local" } }];
    const before = (await store.post("/api/orders", orderBody(seo), { token: buyer.token })).body;

    const changed = await put("seo-layer", seoLayer);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: "seo-layer", kind: "service", ...seoLayer });
    expect((await store.post("/api/prices", { currency: "EUR" })).body.items.find((item: { id: string }) => item.id === "seo-layer").price).toBe(99.5);

    const after = (await store.post("/api/orders", orderBody(seo), { token: buyer.token })).body;
    const rows = await store.db.kysely.selectFrom("orders").select(["id", "total", "revision_rounds"]).where("id", "in", [before.id, after.id]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(before.id)).toMatchObject({ revision_rounds: 2 });
    expect(byId.get(after.id)).toMatchObject({ total: 9_950, revision_rounds: 3 });
    expect(byId.get(before.id)!.total).not.toBe(9_950);
    const [audited] = await auditRows(store, "seo-layer");
    expect(audited).toMatchObject({ action: "product.update", actorId: admin.id, actorRole: "admin" });
    expect(audited!.before).toMatchObject({ turnaroundDays: 5, revisionRounds: 2, active: true });
    expect(audited!.after).toMatchObject({ turnaroundDays: 4, revisionRounds: 3, prices: { EUR: 9_950, USD: 10_900, GBP: 8_900 } });
  });

  it("hides a product: gone from the price list, refused at order time with a clear error, back when shown again", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const hidden = await put("article-forge", { active: false, turnaroundDays: 3, revisionRounds: 2, prices: { EUR: 149, USD: 165, GBP: 129 } });
    expect(hidden.body.active).toBe(false);
    const prices = await store.post("/api/prices", { currency: "EUR" });
    expect(prices.body.items.map((item: { id: string }) => item.id)).not.toContain("article-forge");
    const refused = await store.post("/api/orders", orderBody(), { token: buyer.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ "orderFormData[0].productId": ["This product is not sold."] });
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100_000);

    await put("article-forge", { active: true, turnaroundDays: 3, revisionRounds: 2, prices: { EUR: 149, USD: 165, GBP: 129 } });
    expect((await store.post("/api/orders", orderBody(), { token: buyer.token })).status).toBe(200);
  });

  it("empties every cache listening to the change bus", async () => {
    let heard = 0;
    const stop = store.services.catalog.onChange(() => heard++);
    await put("investor-deck", { active: true, turnaroundDays: 12, revisionRounds: 3, prices: { EUR: 900, USD: 990, GBP: 800 } });
    stop();
    expect(heard).toBeGreaterThanOrEqual(1);
  });

  it("checks every field: bounds, two decimals, all three currencies, no unknown field", async () => {
    const bad = await put("seo-layer", { active: "yes", turnaroundDays: 0, revisionRounds: 11, prices: { EUR: 1.005, USD: 0 }, colour: "red" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["active", "colour", "prices.EUR", "prices.GBP", "prices.USD", "revisionRounds", "turnaroundDays"].sort());
    expect((await put("no-such-product", seoLayer)).status).toBe(400);
  });

  it("is for admins only: manager and writer 403, customer 403, no token 401, on the new and the old price route", async () => {
    const buyer = await customer(store);
    const routes: Array<[string, string, unknown]> = [
      ["GET", "/api/admin/catalog", undefined],
      ["PUT", "/api/admin/catalog/seo-layer", seoLayer],
      ["PUT", "/api/admin/prices/seo-layer", { currency: "EUR", price: 1 }],
    ];
    for (const [method, path, body] of routes) {
      expect((await store.call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      for (const token of [buyer.token, writer.token, manager.token]) expect((await store.call(path, { method, body, token })).status, `${method} ${path}`).toBe(403);
    }
    expect((await store.post("/api/prices", { currency: "EUR" })).body.items.find((item: { id: string }) => item.id === "seo-layer").price).not.toBe(1);
  });

  it("audits a price set through the single-price route", async () => {
    expect((await store.call("/api/admin/prices/web-copycraft", { method: "PUT", body: { currency: "GBP", price: 300 }, token: admin.token })).status).toBe(200);
    const [audited] = await auditRows(store, "web-copycraft");
    expect(audited).toMatchObject({ action: "price.change", actorId: admin.id });
    expect(audited!.after.prices.GBP).toBe(30_000);
    expect(audited!.before.prices.GBP).not.toBe(30_000);
  });
});

describe("the revision turnaround in the back office", () => {
  it("sets a service's revision turnaround (1 to 60 business days, audited) for the deliverables of new orders", async () => {
    const terms = { active: true, turnaroundDays: 3, revisionRounds: 2, prices: { EUR: 149, USD: 165, GBP: 129 } };
    for (const revisionDays of [0, 61, 2.5, "4"]) {
      const refused = await put("article-forge", { ...terms, revisionDays }, admin.token);
      expect(refused.status, String(revisionDays)).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(["revisionDays"]);
    }
    const spanish = await store.call("/api/admin/catalog/article-forge", { method: "PUT", body: { ...terms, revisionDays: 61 }, token: admin.token, headers: { "accept-language": "es" } });
    expect(spanish.body.errors.revisionDays[0]).toMatch(/60/);
    expect(spanish.body.errors.revisionDays[0]).not.toBe((await put("article-forge", { ...terms, revisionDays: 61 })).body.errors.revisionDays[0]);

    const changed = await put("article-forge", { ...terms, revisionDays: 6 });
    expect(changed.status).toBe(200);
    expect(changed.body.revisionDays).toBe(6);
    const listed = (await store.call("/api/admin/catalog", { token: admin.token })).body.items;
    expect(listed.find((item: { id: string }) => item.id === "article-forge").revisionDays).toBe(6);
    const audited = (await auditRows(store, "article-forge")).at(-1);
    expect(audited).toMatchObject({ action: "product.update", actorId: admin.id, before: { revisionDays: 2 }, after: { revisionDays: 6 } });
    // Left out, it stays as it is (clients of before send no revisionDays).
    expect((await put("article-forge", terms)).body.revisionDays).toBe(6);

    // A new order's deliverable takes the revision turnaround it was placed with.
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = (await store.post("/api/orders", orderBody(), { token: buyer.token })).body;
    const work = await store.db.kysely.selectFrom("deliverables").select("revision_days").where("order_id", "=", placed.id).execute();
    expect(work).toEqual([{ revision_days: 6 }]);
    await put("article-forge", { ...terms, revisionDays: 2 });
  });
});

describe("a service's options in the back office (issue 28)", () => {
  const putOption = (productId: string, optionId: string, body: unknown, token = admin.token) =>
    store.call(`/api/admin/catalog/${productId}/options/${optionId}`, { method: "PUT", body, token });
  const rush = { active: true, turnaroundDays: 1, prices: { EUR: 75, USD: 82.5, GBP: 65 } };

  it("lists each service's options with a price per currency, and an admin changes one for new orders", async () => {
    const listed = await store.call("/api/admin/catalog", { token: admin.token });
    const article = listed.body.items.find((item: { id: string }) => item.id === "article-forge");
    expect(article.options.map((option: { id: string }) => option.id)).toEqual(["rush", "extra-revision", "meta-descriptions"]);
    expect(article.options[0]).toEqual({ id: "rush", kind: "rush", active: true, turnaroundDays: 2, prices: { EUR: 60, USD: 66, GBP: 52 } });
    expect(listed.body.items.find((item: { id: string }) => item.id === "launch-essentials-kit").options).toEqual([]);

    const changed = await putOption("article-forge", "rush", rush);
    expect(changed.status).toBe(200);
    expect(changed.body.options[0]).toEqual({ id: "rush", kind: "rush", ...rush });
    const prices = (await store.post("/api/prices", { currency: "USD" })).body.items.find((item: { id: string }) => item.id === "article-forge");
    expect(prices.options[0]).toMatchObject({ id: "rush", price: 82.5, turnaroundDays: 1 });

    // Hidden: no longer offered, and an order asking for it is refused at the option.
    expect((await putOption("article-forge", "meta-descriptions", { active: false, prices: { EUR: 39, USD: 43, GBP: 34 } })).status).toBe(200);
    const hidden = (await store.post("/api/prices", { currency: "EUR" })).body.items.find((item: { id: string }) => item.id === "article-forge");
    expect(hidden.options.map((option: { id: string }) => option.id)).toEqual(["rush", "extra-revision"]);
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const article1 = [{ productId: "article-forge" as const, brief: articleBrief, options: ["meta-descriptions"] }];
    const refused = await store.post("/api/orders", orderBody(article1), { token: buyer.token });
    expect(refused.body.errors).toEqual({ "orderFormData[0].options[0]": ["This option is not offered for this product."] });
  });

  it("refuses a rush not shorter than the service, an option the service lacks, and anyone but an admin", async () => {
    const slow = await putOption("article-forge", "rush", { ...rush, turnaroundDays: 3 });
    expect(slow.status).toBe(400);
    expect(slow.body.errors).toEqual({ turnaroundDays: ["A rush must take fewer business days than the service itself (3)."] });
    expect((await putOption("seo-layer", "speaker-notes", rush)).status).toBe(404);
    expect((await putOption("article-forge", "no-such-option", rush)).status).toBe(400);
    expect((await putOption("article-forge", "rush", rush, manager.token)).status).toBe(403);
  });
});
