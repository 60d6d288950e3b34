import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, ledgerSum, orderBody, orderCount, seoBrief } from "../../test/orders-test-support";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const balanceOf = (userId: string) => store.services.wallet.balance(userId, "EUR");

describe("POST /api/orders: a priced and paid order", () => {
  it("prices the order itself, debits the balance by the total and answers the order", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 200_000 });
    const body = orderBody([
      { productId: "article-forge", brief: articleBrief },
      { productId: "growth-and-visibility-pack", brief: { "seo-layer": seoBrief, "article-forge": articleBrief } },
    ]);
    const answer = await store.post("/api/orders", body, { token: buyer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: expect.any(String), number: expect.stringMatching(/^SC-\d{6}$/), status: "paid", total: 488, currency: "EUR" });
    expect(answer.body.id).toBe(answer.body.id.toLowerCase());
    expect(await balanceOf(buyer.id)).toBe(200_000 - 48_800);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(200_000 - 48_800);
    const mail = await store.services.mail.list({ to: buyer.email });
    expect(mail[0]?.subject).toBe(`Order ${answer.body.number} confirmed`);
    expect(mail[0]?.text).toContain("€488.00");
    // The billing address the client typed is printed on the order, never mailed: the store relays no mail.
    expect(await store.services.mail.list({ to: "ada@example.test" })).toEqual([]);
  });

  it("needs a signed-in customer", async () => {
    expect((await store.post("/api/orders", orderBody())).status).toBe(401);
  });

});

describe("POST /api/orders: what is refused, and nothing stored", () => {
  it("refuses a price sent by the client and stores nothing", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const body = { ...orderBody(), orderFormData: [{ productId: "article-forge", brief: articleBrief, price: 1 }], total: 1 };
    const answer = await store.post("/api/orders", body, { token: buyer.token });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ "orderFormData[0].price": ["Unknown field."], total: ["Unknown field."] });
    expect(await orderCount(store, buyer.id)).toBe(0);
    expect(await balanceOf(buyer.id)).toBe(100_000);
  });

  it("names brief errors by field, inside bundles too, in English and Spanish", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 500_000 });
    const body = orderBody([
      { productId: "article-forge", brief: { ...articleBrief, topic: "", tone: "angry" } },
      { productId: "growth-and-visibility-pack", brief: { "seo-layer": { ...seoBrief, keywords: ["x".repeat(61)] }, "article-forge": articleBrief } },
    ]);
    const english = await store.post("/api/orders", body, { token: buyer.token });
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual({
      "orderFormData[0].brief.topic": ["This field is required."],
      "orderFormData[0].brief.tone": ["Choose one of: professional, friendly, authoritative, playful."],
      "orderFormData[1].brief.seo-layer.keywords[0]": ["Use at most 60 characters."],
    });
    const spanish = await store.post("/api/orders", body, { token: buyer.token, headers: { "accept-language": "es" } });
    expect(spanish.body.errors["orderFormData[0].brief.topic"]).toEqual(["Este campo es obligatorio."]);
    const missingService = orderBody([{ productId: "growth-and-visibility-pack", brief: { "seo-layer": seoBrief } }]);
    const missing = await store.post("/api/orders", missingService, { token: buyer.token });
    expect(missing.body.errors).toEqual({ "orderFormData[0].brief.article-forge": ["This field is required."] });
    expect(await orderCount(store, buyer.id)).toBe(0);
  });

  it("checks the billing fields like a deposit and names an unknown product", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 500_000 });
    const body = { ...orderBody([{ productId: "poetry", brief: {} } as never]), email: "nope", agreedToPP_TOS: false, firstName: "" };
    const answer = await store.post("/api/orders", body, { token: buyer.token, headers: { "accept-language": "es" } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(["agreedToPP_TOS", "email", "firstName", "orderFormData[0].productId"]);
    expect(answer.body.errors.firstName).toEqual(["Este campo es obligatorio."]);
  });

  it("refuses an order the balance cannot cover, says how much is missing, and stores nothing", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 2_900 });
    const answer = await store.post("/api/orders", orderBody(), { token: buyer.token });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ "": ["Your EUR balance is short by €120.00. Top up your balance to place this order."] });
    const spanish = await store.post("/api/orders", orderBody(), { token: buyer.token, headers: { "accept-language": "es-ES" } });
    expect(spanish.body.errors[""]).toEqual(["A tu saldo en EUR le faltan 120,00\u00a0€. Recarga tu saldo para hacer este pedido."]);
    const noGbp = await store.post("/api/orders", orderBody(undefined, "GBP"), { token: buyer.token });
    expect(noGbp.body.errors[""]).toEqual(["Your GBP balance is short by £129.00. Top up your balance to place this order."]);
    expect(await orderCount(store, buyer.id)).toBe(0);
    expect(await balanceOf(buyer.id)).toBe(2_900);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(2_900);
  });

});

describe("POST /api/orders: the Idempotency-Key", () => {
  it("answers a retry with the same Idempotency-Key with the first order, and refuses the key for another body", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const headers = { "idempotency-key": "cart-7f3a" };
    const first = await store.post("/api/orders", orderBody(), { token: buyer.token, headers });
    const retries = await Promise.all([1, 2, 3].map(() => store.post("/api/orders", orderBody(), { token: buyer.token, headers })));
    for (const retry of retries) expect(retry.body).toEqual(first.body);
    expect(await orderCount(store, buyer.id)).toBe(1);
    expect(await balanceOf(buyer.id)).toBe(100_000 - 14_900);
    const other = await store.post("/api/orders", orderBody(undefined, "USD"), { token: buyer.token, headers });
    expect(other.status).toBe(409);
    const tooLong = await store.post("/api/orders", orderBody(), { token: buyer.token, headers: { "idempotency-key": "k".repeat(256) } });
    expect(tooLong.status).toBe(400);
    const stranger = await customer(store, { currency: "EUR", minor: 100_000 });
    const theirs = await store.post("/api/orders", orderBody(), { token: stranger.token, headers });
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it("answers a retry with the first order when that order spent the balance, and refuses the next cart, with a key of its own, as short", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 14_900 });
    const headers = { "idempotency-key": "last-euro" };
    const first = await store.post("/api/orders", orderBody(), { token: buyer.token, headers });
    expect(first.status).toBe(200);
    const retry = await store.post("/api/orders", orderBody(), { token: buyer.token, headers });
    expect(retry).toMatchObject({ status: 200, body: first.body });
    const another = await store.post("/api/orders", orderBody(), { token: buyer.token, headers: { "idempotency-key": "next-cart" } });
    expect(another.status).toBe(400);
    expect(another.body.errors[""]).toEqual(["Your EUR balance is short by €149.00. Top up your balance to place this order."]);
    expect(await orderCount(store, buyer.id)).toBe(1);
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it("places one order for concurrent first requests sharing an Idempotency-Key", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const headers = { "idempotency-key": "double-click" };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => store.post("/api/orders", orderBody(), { token: buyer.token, headers })));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await orderCount(store, buyer.id)).toBe(1);
  });
});

describe("GET /api/orders", () => {
  it("lists only my orders, newest first, with items, prices, briefs and results", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 500_000 });
    const other = await customer(store, { currency: "EUR", minor: 500_000 });
    const first = await store.post("/api/orders", orderBody(), { token: buyer.token });
    await store.post("/api/orders", orderBody(), { token: other.token });
    const bundle = { productId: "growth-and-visibility-pack" as const, brief: { "seo-layer": seoBrief, "article-forge": articleBrief } };
    const second = await store.post("/api/orders", orderBody([bundle]), { token: buyer.token });
    await store.services.orders.deliver(first.body.id, { fileName: "article.md", content: Buffer.from("# Pricing\n") });

    const list = await store.call("/api/orders", { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.body.map((order: { id: string }) => order.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body[0]).toEqual({
      id: second.body.id,
      number: second.body.number,
      status: "paid",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      currency: "EUR",
      total: 339,
      discount: 0,
      promoCode: null,
      items: [{ productId: "growth-and-visibility-pack", price: 339, brief: bundle.brief }],
      result: null,
      dueAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      late: false,
      needsAttention: false,
      // The bundle is two services, so two deliverables.
      progress: { total: 2, delivered: 0, completed: 0, cancelled: 0 },
    });
    expect(list.body[1]).toMatchObject({
      status: "delivered", needsAttention: true, result: { fileName: "article.md", size: 10 }, items: [{ productId: "article-forge", price: 149 }],
      progress: { total: 1, delivered: 1, completed: 0, cancelled: 0 },
    });
    expect(list.headers.get("x-next-cursor")).toBeNull();
    expect((await store.call("/api/orders")).status).toBe(401);
  });

  it("pages with ?limit= and the X-Next-Cursor header, each order once, and refuses a bad cursor or limit", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 500_000 });
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) placed.unshift((await store.post("/api/orders", orderBody(), { token: buyer.token })).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; headers: Headers; body: Array<{ id: string }> } = await store.call(`/api/orders?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: buyer.token });
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.map((order) => order.id));
      cursor = page.headers.get("x-next-cursor");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(placed);
    expect((await store.call("/api/orders?limit=0", { token: buyer.token })).status).toBe(400);
    const badCursor = await store.call("/api/orders?cursor=abc", { token: buyer.token });
    expect(badCursor.status).toBe(400);
    expect(Object.keys(badCursor.body.errors)).toEqual(["cursor"]);
  });
});
