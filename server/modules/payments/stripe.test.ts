import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerCustomer, type TestCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import { loadOnFirstUse } from "../../platform/load-on-first-use";
import { orderBody } from "../../test/orders-test-support";
import type { StripeProvider } from "./stripe-provider";

// The SDK as the provider loads it (CommonJS, on first use): its error classes are told apart by identity.
const StripeSdk = loadOnFirstUse("stripe") as typeof Stripe;

const WEBHOOK_SECRET = "whsec_test_secret";
let store: TestStore;
let stripe: StripeProvider;
let customer: TestCustomer;
let sessions = 0;
const createSession = vi.fn(async (params: Stripe.Checkout.SessionCreateParams) => {
  sessions += 1;
  const id = `cs_test_${sessions}`;
  return { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, metadata: params.metadata } as unknown as Stripe.Response<Stripe.Checkout.Session>;
});

beforeAll(async () => {
  store = await startTestStore({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_not_a_real_key",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_URL: "https://store.example",
  });
  stripe = store.services.payments as StripeProvider;
  // No network in tests: the Checkout Session is answered by this stand-in.
  vi.spyOn(stripe.client.checkout.sessions, "create").mockImplementation(createSession as never);
  customer = await registerCustomer(store);
});
afterAll(() => store.close());

const billing = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  country: "US",
  city: "Arlington",
  address1: "1 Navy Way",
  zipCode: "22202",
  agreedToPP_TOS: true,
};

interface Deposit {
  depositId: string;
  sessionId: string;
}

async function startDeposit(amount: number, headers: Record<string, string> = {}): Promise<Deposit> {
  const answer = await store.post("/api/balance/deposit", { ...billing, depositAmount: amount, currency: "USD" }, { token: customer.accessToken, headers });
  expect(answer.status).toBe(200);
  const session = await createSession.mock.results.at(-1)!.value;
  expect(answer.body.paymentUrl).toBe(session.url);
  return { depositId: answer.body.depositId, sessionId: session.id };
}

function sessionEvent(type: string, deposit: Deposit, session: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: {
      object: {
        id: deposit.sessionId,
        object: "checkout.session",
        payment_status: "paid",
        amount_total: 2500,
        currency: "usd",
        metadata: { depositId: deposit.depositId },
        ...session,
      },
    },
  });
}

function sendWebhook(payload: string, signature?: string) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  headers["stripe-signature"] = signature ?? stripe.client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return store.call("/api/payments/stripe/webhook", { method: "POST", raw: payload, headers });
}

const balance = async () => (await store.post("/api/balance", { currency: "USD" }, { token: customer.accessToken })).body.balance;
const status = async (deposit: Deposit) =>
  (await store.call(`/api/balance/deposits/${deposit.depositId}`, { token: customer.accessToken })).body.status;

describe("Stripe deposits", () => {
  it("opens a Checkout Session for the amount and currency and answers its url", async () => {
    const deposit = await startDeposit(25, { "accept-language": "es" });
    const params = createSession.mock.calls.at(-1)![0];
    expect(params).toMatchObject({
      mode: "payment",
      customer_email: "grace@example.com",
      locale: "es",
      metadata: { depositId: deposit.depositId },
      success_url: `https://store.example/es/profile/balance?deposit=${deposit.depositId}`,
      cancel_url: `https://store.example/es/profile/balance?deposit=${deposit.depositId}&outcome=cancelled`,
    });
    expect(params.line_items).toEqual([
      { quantity: 1, price_data: { currency: "usd", unit_amount: 2500, product_data: { name: expect.any(String) } } },
    ]);
    expect(await status(deposit)).toBe("pending");
  });

  it("refuses a webhook call without a valid signature", async () => {
    const deposit = await startDeposit(25);
    const payload = sessionEvent("checkout.session.completed", deposit);
    const unsigned = await store.call("/api/payments/stripe/webhook", { method: "POST", raw: payload });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors).toEqual({ "": ["The payment notification could not be verified."] });
    const forged = stripe.client.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await sendWebhook(payload, forged)).status).toBe(400);
    const signed = stripe.client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await sendWebhook(payload.replace("2500", "250000"), signed)).status).toBe(400);
    expect(await status(deposit)).toBe("pending");
  });

  it("credits a paid session once however often the event arrives, in a row or at once", async () => {
    const before = await balance();
    const deposit = await startDeposit(25);
    const payload = sessionEvent("checkout.session.completed", deposit);
    for (let i = 0; i < 10; i++) expect((await sendWebhook(payload)).status).toBe(200);
    const second = await startDeposit(25);
    const again = sessionEvent("checkout.session.completed", second);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(again)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await balance()).toBe(before + 50);
    expect(await status(deposit)).toBe("paid");
    expect(await status(second)).toBe("paid");
  });

  it("credits nothing for an unpaid, mismatched or expired session", async () => {
    const before = await balance();
    const unpaid = await startDeposit(25);
    expect((await sendWebhook(sessionEvent("checkout.session.completed", unpaid, { payment_status: "unpaid" }))).status).toBe(200);
    expect(await status(unpaid)).toBe("pending");
    expect((await sendWebhook(sessionEvent("checkout.session.completed", unpaid, { amount_total: 1 }))).status).toBe(200);
    expect((await sendWebhook(sessionEvent("checkout.session.completed", unpaid, { id: "cs_test_other" }))).status).toBe(200);
    expect(await status(unpaid)).toBe("pending");

    const expired = await startDeposit(25);
    expect((await sendWebhook(sessionEvent("checkout.session.expired", expired, { payment_status: "unpaid" }))).status).toBe(200);
    expect(await status(expired)).toBe("expired");
    expect((await sendWebhook(sessionEvent("checkout.session.completed", expired))).status).toBe(200);
    expect(await status(expired)).toBe("expired");
    expect(await balance()).toBe(before);
  });

  it("answers 503 and keeps no deposit when Stripe cannot be reached", async () => {
    const deposits = () => store.db.kysely.selectFrom("deposits").select("id").where("user_id", "=", customer.userId).execute();
    const before = (await deposits()).length;
    vi.mocked(stripe.client.checkout.sessions.create).mockRejectedValueOnce(new StripeSdk.errors.StripeConnectionError({ message: "connect ETIMEDOUT" }));
    const answer = await store.post("/api/balance/deposit", { ...billing, depositAmount: 25, currency: "USD" }, { token: customer.accessToken });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      status: 503,
      title: "Service Unavailable",
      detail: "The payment service is not available right now. Please try again in a few minutes.",
    });
    expect(await deposits()).toHaveLength(before);
  });

  it("offers no sandbox payment when Stripe takes the money", async () => {
    const deposit = await startDeposit(25);
    const answer = await store.post(`/api/payments/sandbox/${deposit.depositId}/complete`, { outcome: "paid" }, { token: customer.accessToken });
    expect(answer.status).toBe(404);
    expect(await status(deposit)).toBe("pending");
  });
});

describe("Stripe paying an order's difference", () => {
  it("pays an order's difference: back to the cart, and the order placed once when the webhook and the browser return together", async () => {
    // Article Forge costs $165.00; the buyer holds $150.00 in USD besides what earlier tests left.
    const before = await balance();
    await store.services.transaction((trx) =>
      store.services.wallet.credit(trx, { userId: customer.userId, currency: "USD", amount: 15_000 - Math.round(before * 100), kind: "adjustment", reference: "test" }),
    );
    const started = await store.post("/api/orders/with-deposit", orderBody(undefined, "USD"), { token: customer.accessToken });
    expect(started.status).toBe(200);
    const { depositId } = started.body;
    const session = await createSession.mock.results.at(-1)!.value;
    expect(started.body).toMatchObject({ amount: 15, currency: "USD", paymentUrl: session.url });
    expect(createSession.mock.calls.at(-1)![0]).toMatchObject({
      success_url: `https://store.example/cart?checkout=${depositId}`,
      cancel_url: `https://store.example/cart?checkout=${depositId}&outcome=cancelled`,
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 1500 } }],
    });
    const payload = sessionEvent("checkout.session.completed", { depositId, sessionId: session.id }, { amount_total: 1500 });
    const browser = () => store.call(`/api/orders/with-deposit/${depositId}`, { token: customer.accessToken });
    const answers = await Promise.all([sendWebhook(payload), browser(), sendWebhook(payload), browser()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const final = (await browser()).body;
    expect(final).toMatchObject({ state: "placed", order: { total: 165, currency: "USD" } });
    const orders = await store.db.kysely.selectFrom("orders").select("number").where("user_id", "=", customer.userId).execute();
    expect(orders).toEqual([{ number: final.order.number }]);
    expect(await balance()).toBe(0);
  });

  it("says an expired session charged nothing and places no order, in the buyer's language", async () => {
    const before = await balance();
    await store.services.transaction((trx) =>
      store.services.wallet.credit(trx, { userId: customer.userId, currency: "USD", amount: 15_000 - Math.round(before * 100), kind: "adjustment", reference: "test" }),
    );
    const { depositId } = (await store.post("/api/orders/with-deposit", orderBody(undefined, "USD"), { token: customer.accessToken })).body;
    const session = await createSession.mock.results.at(-1)!.value;
    const expired = sessionEvent("checkout.session.expired", { depositId, sessionId: session.id }, { payment_status: "unpaid", amount_total: 1500 });
    expect((await sendWebhook(expired)).status).toBe(200);
    const answer = await store.call(`/api/orders/with-deposit/${depositId}`, { token: customer.accessToken, headers: { "accept-language": "es" } });
    expect(answer.body).toMatchObject({
      state: "paymentFailed",
      order: null,
      message: "El pago no se completó a tiempo y no se ha cobrado nada. Tu carrito y tus briefings siguen como los dejaste.",
    });
    expect(await balance()).toBe(150);
  });
});
