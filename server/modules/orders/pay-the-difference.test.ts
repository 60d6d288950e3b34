import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, orderCount, staffMember, type TestCustomer } from "../../test/orders-test-support";

/** "Pay the difference and place the order" (issue 25, point 3) on the sandbox provider; Stripe: payments/stripe.test.ts. */
let store: TestStore;
let admin: TestCustomer;
beforeAll(async () => {
  store = await startTestStore({ PUBLIC_URL: "https://store.example" });
  admin = await staffMember(store, "admin");
});
afterAll(() => store.close());

// Article Forge costs €149.00; a buyer holding €131.50 is €17.50 short.
const SHORT_BALANCE = { currency: "EUR" as const, minor: 13_150 };

const start = (buyer: TestCustomer, body = orderBody(), language = "en") =>
  store.post("/api/orders/with-deposit", body, { token: buyer.token, headers: { "accept-language": language } });
const pay = (buyer: TestCustomer, depositId: string, outcome: "paid" | "declined" = "paid") =>
  store.post(`/api/payments/sandbox/${depositId}/complete`, { outcome }, { token: buyer.token });
const status = (buyer: TestCustomer, depositId: string, language = "en") =>
  store.call(`/api/orders/with-deposit/${depositId}`, { token: buyer.token, headers: { "accept-language": language } });
const balance = async (buyer: TestCustomer) => (await store.post("/api/balance", { currency: "EUR" }, { token: buyer.token })).body.balance;
const setArticlePrice = (eur: number) =>
  store.call("/api/admin/catalog/article-forge", {
    method: "PUT",
    body: { active: true, turnaroundDays: 3, revisionRounds: 2, prices: { EUR: eur, USD: 165, GBP: 129 } },
    token: admin.token,
  });

async function started(buyer: TestCustomer): Promise<string> {
  const answer = await start(buyer);
  expect(answer.status).toBe(200);
  return answer.body.depositId;
}

describe("POST /api/orders/with-deposit", () => {
  it("deposits exactly the shortfall with the billing given, and places the order with its brief once paid", async () => {
    const buyer = await customer(store, SHORT_BALANCE);
    const answer = await start(buyer, orderBody(), "es");
    expect(answer.status).toBe(200);
    const { depositId } = answer.body;
    expect(answer.body).toEqual({
      depositId,
      status: "pending",
      amount: 17.5,
      currency: "EUR",
      paymentUrl: `https://store.example/es/checkout/sandbox?deposit=${depositId}&for=order`,
    });
    const deposit = await store.call(`/api/balance/deposits/${depositId}`, { token: buyer.token });
    expect(deposit.body).toMatchObject({ amount: 17.5, currency: "EUR", status: "pending" });
    const billing = await store.db.kysely.selectFrom("deposits").select("billing_json").where("id", "=", depositId).executeTakeFirstOrThrow();
    const { orderFormData: _cart, currency: _currency, ...given } = orderBody();
    expect(JSON.parse(billing.billing_json)).toMatchObject(given);
    expect((await status(buyer, depositId)).body).toMatchObject({ state: "awaitingPayment", order: null, message: null });
    expect(await orderCount(store, buyer.id)).toBe(0);

    expect((await pay(buyer, depositId)).status).toBe(200);
    const placed = await status(buyer, depositId);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ state: "placed", amount: 17.5, currency: "EUR", message: null });
    expect(placed.body.order).toMatchObject({ status: "paid", total: 149, currency: "EUR", number: expect.stringMatching(/^SC-\d{6}$/) });
    const orders = (await store.call("/api/orders", { token: buyer.token })).body;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ number: placed.body.order.number, total: 149, items: [{ productId: "article-forge", brief: articleBrief }] });
    expect(await balance(buyer)).toBe(0);

    // The browser comes back again, the sandbox is pressed again: still one order.
    expect((await pay(buyer, depositId)).status).toBe(200);
    expect((await status(buyer, depositId)).body.order).toEqual(placed.body.order);
    expect(await orderCount(store, buyer.id)).toBe(1);
  });

  it("places the order once when the payment confirmation and returning browsers arrive at once", async () => {
    const buyer = await customer(store, SHORT_BALANCE);
    const depositId = await started(buyer);
    const confirmations = Array.from({ length: 4 }, () => store.services.deposits.confirmPaid(depositId));
    const browsers = Array.from({ length: 4 }, () => status(buyer, depositId));
    const sandbox = [pay(buyer, depositId), pay(buyer, depositId)];
    await Promise.all([...confirmations, ...sandbox]);
    const answers = await Promise.all(browsers);
    expect(await orderCount(store, buyer.id)).toBe(1);
    expect(await balance(buyer)).toBe(0);
    const final = (await status(buyer, depositId)).body;
    expect(final.state).toBe("placed");
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      if (answer.body.state === "placed") expect(answer.body.order.number).toBe(final.order.number);
    }
  });

  it("leaves nothing placed and nothing charged when the payment is declined, in the buyer's language", async () => {
    const buyer = await customer(store, SHORT_BALANCE);
    const depositId = await started(buyer);
    expect((await pay(buyer, depositId, "declined")).status).toBe(200);
    expect((await status(buyer, depositId)).body).toMatchObject({
      state: "paymentFailed",
      order: null,
      message: "The payment was declined and nothing was charged. Your cart and briefs are as you left them.",
    });
    expect((await status(buyer, depositId, "es")).body.message).toBe(
      "El pago fue rechazado y no se ha cobrado nada. Tu carrito y tus briefings siguen como los dejaste.",
    );
    expect(await orderCount(store, buyer.id)).toBe(0);
    expect(await balance(buyer)).toBe(131.5);
  });

});

describe("a paid difference whose order cannot be placed", () => {
  it("places nothing and keeps the money on the balance when prices change before the payment confirms", async () => {
    const buyer = await customer(store, SHORT_BALANCE);
    const depositId = await started(buyer);
    expect((await setArticlePrice(159)).status).toBe(200);
    try {
      await pay(buyer, depositId);
      const answer = await status(buyer, depositId);
      expect(answer.body).toMatchObject({ state: "notPlaced", order: null });
      expect(answer.body.message).toBe(
        "Prices changed while you were paying, so the order was not placed. The €17.50 you paid is on your balance: check the cart and place the order again.",
      );
      expect((await status(buyer, depositId, "es")).body.message).toBe(
        "Los precios cambiaron mientras pagabas, así que el pedido no se hizo. Los 17,50\u00a0€ que pagaste están en tu saldo: revisa el carrito y vuelve a hacer el pedido.",
      );
      expect(await orderCount(store, buyer.id)).toBe(0);
      expect(await balance(buyer)).toBe(149);
    } finally {
      await setArticlePrice(149);
    }
  });

  it("places nothing when the balance no longer covers the order at confirmation, and says by how much", async () => {
    const buyer = await customer(store, SHORT_BALANCE);
    const depositId = await started(buyer);
    await store.services.transaction((trx) =>
      store.services.wallet.debit(trx, { userId: buyer.id, currency: "EUR", amount: 10_000, kind: "adjustment", reference: "test" }),
    );
    await pay(buyer, depositId);
    expect((await status(buyer, depositId)).body).toMatchObject({
      state: "notPlaced",
      message: "Your balance no longer covers the order (it is short by €100.00), so it was not placed. The €17.50 you paid is on your balance.",
    });
    expect(await orderCount(store, buyer.id)).toBe(0);
    expect(await balance(buyer)).toBe(49);
  });

});

describe("POST /api/orders/with-deposit: amounts and refusals", () => {
  it("charges the provider's smallest amount when the shortfall is below it, and the rest stays on the balance", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 14_880 });
    const answer = await start(buyer);
    expect(answer.body.amount).toBe(0.5);
    await pay(buyer, answer.body.depositId);
    expect((await status(buyer, answer.body.depositId)).body.state).toBe("placed");
    expect(await balance(buyer)).toBe(0.3);
  });

  it("refuses with the contract's errors: a covered total (409), a wrong brief (400, no deposit), another's deposit (404)", async () => {
    const rich = await customer(store, { currency: "EUR", minor: 20_000 });
    const covered = await start(rich, orderBody(), "es");
    expect(covered.status).toBe(409);
    expect(covered.body.detail).toBe("Tu saldo ya cubre este pedido: hazlo con tu saldo.");

    const buyer = await customer(store, SHORT_BALANCE);
    const wrong = await start(buyer, orderBody([{ productId: "article-forge", brief: { ...articleBrief, topic: "" } }]));
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(["orderFormData[0].brief.topic"]);
    const deposits = await store.db.kysely.selectFrom("deposits").select("id").where("user_id", "=", buyer.id).execute();
    expect(deposits).toHaveLength(0);

    const depositId = await started(buyer);
    const stranger = await customer(store);
    expect((await status(stranger, depositId)).status).toBe(404);
    expect((await status(buyer, "not-a-deposit")).status).toBe(404);
  });

  it("places nothing for a closed account when its difference is paid later, and forgets the waiting request", async () => {
    const closing = await registerCustomer(store);
    await store.services.transaction((trx) =>
      store.services.wallet.credit(trx, { userId: closing.userId, currency: "EUR", amount: 13_150, kind: "adjustment", reference: "test" }),
    );
    const started = await store.post("/api/orders/with-deposit", orderBody(), { token: closing.accessToken });
    expect(started.status).toBe(200);
    expect((await store.post("/api/accounts/close", { password: closing.password }, { token: closing.accessToken })).status).toBe(200);
    await store.services.deposits.confirmPaid(started.body.depositId);
    const row = await store.db.kysely.selectFrom("pending_checkouts").select(["status", "request_json"]).where("deposit_id", "=", started.body.depositId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "refused", request_json: "{}" });
    expect(await store.db.kysely.selectFrom("orders").select("id").where("user_id", "=", closing.userId).execute()).toEqual([]);
  });
});
