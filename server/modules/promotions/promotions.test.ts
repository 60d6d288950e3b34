import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { auditRows } from "../../test/audit-rows";
import { ARTICLE_EUR, customer, orderBody, seoBrief, staffMembers, articleBrief, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";
import { codeRequest, createCode } from "./promotions-test-support";

let store: TestStore;
let writer: TestCustomer;
let manager: TestCustomer;
let admin: TestCustomer;
const clock = manualClock("2026-03-02T10:00:00.000Z");
beforeAll(async () => {
  store = await startTestStore({}, { clock });
  [writer, manager, admin] = await staffMembers(store, ["writer", "manager", "admin"]);
});
afterAll(() => store.close());

const TWO_ITEMS = [
  { productId: "article-forge" as const, brief: articleBrief },
  { productId: "seo-layer" as const, brief: seoBrief },
];
const SEO_EUR = 24_000;
const place = (buyer: TestCustomer, promoCode: string | undefined, items = TWO_ITEMS, locale = "en") =>
  store.post("/api/orders", { ...orderBody(items), ...(promoCode ? { promoCode } : {}) }, { token: buyer.token, headers: { "accept-language": locale } });

describe("promotion codes in the back office", () => {
  it("lets managers and admins create, change, pause and resume codes, each change audited; writers and customers are refused", async () => {
    const buyer = await customer(store);
    for (const who of [writer, buyer]) {
      expect((await store.post("/api/admin/promotion-codes", codeRequest("NOPE"), { token: who.token })).status).toBe(403);
      expect((await store.call("/api/admin/promotion-codes", { token: who.token })).status).toBe(403);
    }
    const created = await createCode(store, manager, "spring-10", { productIds: ["article-forge"], maxUses: 100 });
    expect(created).toMatchObject({ code: "SPRING-10", percent: 10, productIds: ["article-forge"], maxUses: 100, paused: false, uses: 0 });
    clock.advance(60_000);
    const changed = await store.call(`/api/admin/promotion-codes/${created.id}`, {
      method: "PUT",
      body: codeRequest("SPRING-15", { percent: null, amounts: { EUR: 15, USD: 17.5 } }),
      token: admin.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ code: "SPRING-15", percent: null, amounts: { EUR: 15, USD: 17.5 }, productIds: [] });
    clock.advance(60_000);
    expect((await store.post(`/api/admin/promotion-codes/${created.id}/pause`, undefined, { token: manager.token })).body.paused).toBe(true);
    clock.advance(60_000);
    expect((await store.post(`/api/admin/promotion-codes/${created.id}/resume`, undefined, { token: manager.token })).body.paused).toBe(false);
    const rows = await auditRows(store, created.id);
    expect(rows.map((row) => [row.action, row.actorId])).toEqual([
      ["promotion.create", manager.id],
      ["promotion.update", admin.id],
      ["promotion.pause", manager.id],
      ["promotion.resume", manager.id],
    ]);
    expect(rows[1]).toMatchObject({ before: { code: "SPRING-10", percent: 10 }, after: { code: "SPRING-15", amounts: { EUR: 15 } } });
    const listed = await store.call("/api/admin/promotion-codes", { token: manager.token });
    expect(listed.body.items.map((item: { code: string }) => item.code)).toContain("SPRING-15");
    // The audit log (admins) names the code by its spelling.
    const log = await store.call(`/api/admin/audit?subjectId=${created.id}`, { token: admin.token });
    expect(log.body.items.map((entry: { subjectType: string; subjectLabel: string }) => [entry.subjectType, entry.subjectLabel])).toContainEqual(["promotion_code", "SPRING-15"]);
  });

  it("refuses a code used by another, and a code with both or neither of percent and amounts, in the field's words", async () => {
    await createCode(store, manager, "TAKEN");
    const again = await store.post("/api/admin/promotion-codes", codeRequest("taken"), { token: manager.token });
    expect(again.status).toBe(400);
    expect(again.body.errors.code).toEqual(["Another promotion code already uses this code."]);
    const both = await store.post("/api/admin/promotion-codes", codeRequest("BOTH", { amounts: { EUR: 5 } }), {
      token: manager.token,
      headers: { "accept-language": "es" },
    });
    expect(both.body.errors.percent).toEqual(["Indica un porcentaje o un importe en al menos una moneda."]);
    const backwards = await store.post("/api/admin/promotion-codes", codeRequest("LATE", { endsAt: "2025-01-01T00:00:00.000Z" }), { token: manager.token });
    expect(backwards.body.errors.endsAt).toEqual(["The end must come after the start."]);
    // Two managers typing the same new code at once: one gets it, the other the same field error, never a 500.
    const race = await Promise.all([1, 2].map(() => store.post("/api/admin/promotion-codes", codeRequest("TWINS"), { token: manager.token })));
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(race.find((answer) => answer.status === 400)?.body.errors.code).toEqual(["Another promotion code already uses this code."]);
  });
});

describe("a buyer using a code", () => {
  it("sees the discount in the price list, pays the discounted total, and the order shows it", async () => {
    await createCode(store, manager, "TENOFF");
    const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
    const quote = await store.post("/api/prices", { currency: "EUR", promoCode: "tenoff", productIds: ["article-forge", "seo-layer"] }, { token: buyer.token });
    expect(quote.status).toBe(200);
    expect(quote.body.promotion).toEqual({ code: "TENOFF", subtotal: 389, discount: 38.9, total: 350.1 });
    expect(quote.body.items).toHaveLength(12);
    const placed = await place(buyer, "tenoff");
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.total).toBe(350.1);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(1_000_000 - 35_010);
    const order = (await store.call(`/api/orders/${placed.body.number}`, { token: buyer.token })).body;
    expect(order).toMatchObject({ total: 350.1, discount: 38.9, promoCode: "TENOFF" });
    // Each deliverable carries what was paid for it: its price less its share of the discount.
    expect(order.deliverables.map((work: { price: number }) => work.price)).toEqual([134.1, 216]);
    expect(order.items.map((item: { price: number }) => item.price)).toEqual([149, 240]);
    // The confirmation lists the items at their price, the code's discount, and the total paid.
    const [mail] = await store.services.mail.list({ to: buyer.email });
    expect(mail?.text).toContain("Discount (code TENOFF)");
    expect(mail?.text).toContain("-€38.90");
    expect(mail?.text).toContain("€350.10");
  });

  it("prints the discount as a line of the invoice, with the VAT worked out on the discounted total", async () => {
    await createCode(store, manager, "FLAT20", { percent: null, amounts: { EUR: 20 } });
    const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
    const placed = await place(buyer, "FLAT20", undefined, "es");
    expect(placed.status).toBe(200);
    const invoice = await store.db.kysely.selectFrom("documents").selectAll().where("kind", "=", "invoice").where("source_id", "=", placed.body.id).executeTakeFirstOrThrow();
    const data = JSON.parse(invoice.data_json);
    expect(data.lines.map((line: { description: string; amount: number }) => [line.description, line.amount])).toEqual([
      ["Article Forge", ARTICLE_EUR],
      ["SEO Layer", SEO_EUR],
      ["Descuento (código promocional FLAT20)", -2_000],
    ]);
    // 369.00 with 21 % VAT included: 304.96 net and 64.04 VAT, not the VAT of 389.00.
    expect(data).toMatchObject({ total: 36_900, net: 30_496, vat: 6_404 });
    expect(data.lines[2].descriptions.en).toBe("Discount (promotion code FLAT20)");
  });

  it("refunds a cancelled discounted deliverable what was paid for it, never its list price", async () => {
    await createCode(store, manager, "HALF", { percent: 50 });
    const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
    const placed = await place(buyer, "HALF");
    const staff = (body: unknown) => store.post(`/api/admin/orders/${placed.body.id}/deliverables/2/cancel`, body, { token: manager.token });
    const tooMuch = await staff({ reason: "Asked", refund: 120.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.refund).toEqual(["The refund cannot be more than what is left of this deliverable's share."]);
    expect((await staff({ reason: "Asked", refund: 120 })).status).toBe(200);
    const order = (await store.call(`/api/orders/${placed.body.number}`, { token: buyer.token })).body;
    expect(order.deliverables[1]).toMatchObject({ status: "cancelled", price: 120, refunded: 120 });
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(1_000_000 - 19_450 + 12_000);
    // The code's revenue is net: what the order paid less the refund.
    const codes = (await store.call("/api/admin/promotion-codes", { token: manager.token })).body.items;
    expect(codes.find((item: { code: string }) => item.code === "HALF")).toMatchObject({ uses: 1, revenue: { EUR: 74.5 }, discounted: { EUR: 194.5 } });
  });

  it("pays only the discounted shortfall when the balance is short, and takes the code's use when the order is placed", async () => {
    const code = await createCode(store, manager, "SHORT10", { maxUses: 1 });
    const buyer = await customer(store, { currency: "EUR", minor: 10_000 });
    const started = await store.post("/api/orders/with-deposit", { ...orderBody(), promoCode: "short10" }, { token: buyer.token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.amount).toBe(34.1);
    expect((await store.post(`/api/payments/sandbox/${started.body.depositId}/complete`, { outcome: "paid" }, { token: buyer.token })).status).toBe(200);
    const settled = await store.call(`/api/orders/with-deposit/${started.body.depositId}`, { token: buyer.token });
    expect(settled.body).toMatchObject({ state: "placed", order: { total: 134.1 } });
    const order = (await store.call(`/api/orders/${settled.body.order.number}`, { token: buyer.token })).body;
    expect(order).toMatchObject({ discount: 14.9, promoCode: "SHORT10" });
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(0);
    const listed = (await store.call("/api/admin/promotion-codes", { token: manager.token })).body.items.find((item: { id: string }) => item.id === code.id);
    expect(listed.uses).toBe(1);
  });

  it("shows each code's uses and the revenue of its orders in the back office", async () => {
    const code = await createCode(store, manager, "COUNTED", { percent: 20 });
    for (let i = 0; i < 2; i++) expect((await place(await customer(store, { currency: "EUR", minor: 1_000_000 }), "COUNTED")).status).toBe(200);
    const dollars = await customer(store, { currency: "USD", minor: 1_000_000 });
    const usd = await store.post("/api/orders", { ...orderBody(undefined, "USD"), promoCode: "COUNTED" }, { token: dollars.token });
    expect(usd.status).toBe(200);
    expect((await place(await customer(store, { currency: "EUR", minor: 1_000_000 }), undefined)).status).toBe(200);
    const listed = (await store.call("/api/admin/promotion-codes", { token: manager.token })).body.items.find((item: { id: string }) => item.id === code.id);
    expect(listed).toMatchObject({ uses: 3, revenue: { EUR: 622.4, USD: usd.body.total }, discounted: { EUR: 155.6 } });
  });
});

describe("a code on a service with options", () => {
  it("quotes a code on the options chosen too, takes the same off the order, and lists options before the discount", async () => {
    await createCode(store, manager, "OPTS10");
    const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
    const options = ["rush", "extra-revision"];
    const quote = await store.post("/api/prices", { currency: "EUR", promoCode: "OPTS10", productIds: ["article-forge"], lineOptions: [options] }, { token: buyer.token });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const body = orderBody([{ productId: "article-forge", brief: articleBrief }]);
    const withOptions = { ...body, orderFormData: body.orderFormData.map((item) => ({ ...item, options })), promoCode: "OPTS10" };
    const placed = await store.post("/api/orders", withOptions, { token: buyer.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(quote.body.promotion.total).toBe(placed.body.total);
    expect(quote.body.promotion.subtotal).toBeGreaterThan(ARTICLE_EUR / 100);
    const invoice = await store.db.kysely.selectFrom("documents").selectAll().where("kind", "=", "invoice").where("source_id", "=", placed.body.id).executeTakeFirstOrThrow();
    const lines: Array<{ description: string; amount: number }> = JSON.parse(invoice.data_json).lines;
    expect(lines.map((line) => line.description)).toEqual(["Article Forge", expect.stringMatching(/^Rush/), expect.stringMatching(/^Extra revision/), "Discount (promotion code OPTS10)"]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(Math.round(placed.body.total * 100));
  });
});
