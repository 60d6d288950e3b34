import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../platform/clock";
import { loadOnFirstUse } from "../../platform/load-on-first-use";
import { registerCustomer, type TestCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import type { StripeProvider } from "./stripe-provider";

// Issue 25, point 1: a withdrawal is paid back with stripe.refunds.create; the refund webhook confirms it exactly once.
const StripeSdk = loadOnFirstUse("stripe") as typeof Stripe;
const WEBHOOK_SECRET = "whsec_refund_secret";
const clock = manualClock("2026-11-20T09:00:00.000Z");
let store: TestStore;
let stripe: StripeProvider;
let customer: TestCustomer;
let sessions = 0;
let refunds = 0;
/** What the next refund answers: Stripe's status, or an error to throw. */
let nextRefund: { status: string } | Error = { status: "pending" };

const createSession = vi.fn(async (params: Stripe.Checkout.SessionCreateParams) => {
  sessions += 1;
  const id = `cs_test_r${sessions}`;
  return { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, metadata: params.metadata } as unknown as Stripe.Response<Stripe.Checkout.Session>;
});
const createRefund = vi.fn(async (params: Stripe.RefundCreateParams, _options?: Stripe.RequestOptions) => {
  if (nextRefund instanceof Error) throw nextRefund;
  refunds += 1;
  return { id: `re_test_${refunds}`, object: "refund", amount: params.amount, status: nextRefund.status, metadata: params.metadata } as unknown as Stripe.Response<Stripe.Refund>;
});

const refundIdOf = (params: Stripe.RefundCreateParams) => (params.metadata as Record<string, string>).refundId;

beforeAll(async () => {
  store = await startTestStore({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_not_a_real_key", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: "https://store.example" }, { clock });
  stripe = store.services.payments as StripeProvider;
  // No network in tests: Stripe's answers come from these stand-ins.
  vi.spyOn(stripe.client.checkout.sessions, "create").mockImplementation(createSession as never);
  vi.spyOn(stripe.client.refunds, "create").mockImplementation(createRefund as never);
  customer = await registerCustomer(store);
});
afterAll(() => store.close());

function sendEvent(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: "event", type, data: { object } });
  const signature = stripe.client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return store.call("/api/payments/stripe/webhook", { method: "POST", raw: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });
}

/** A deposit of `amount` dollars paid through a Checkout Session whose PaymentIntent is `pi_<n>`. */
async function paidDeposit(amount: number): Promise<{ depositId: string; paymentIntent: string }> {
  clock.advance(60 * 60_000);
  const started = await store.post("/api/balance/deposit", { firstName: "Grace", lastName: "Hopper", email: "grace@example.com", country: "US", city: "Arlington", address1: "1 Navy Way", zipCode: "22202", agreedToPP_TOS: true, depositAmount: amount, currency: "USD" }, { token: customer.accessToken });
  expect(started.status).toBe(200);
  const session = await createSession.mock.results.at(-1)!.value;
  const paymentIntent = `pi_${session.id}`;
  const paid = await sendEvent("checkout.session.completed", {
    id: session.id, object: "checkout.session", payment_status: "paid", amount_total: Math.round(amount * 100), currency: "usd", payment_intent: paymentIntent, metadata: { depositId: started.body.depositId },
  });
  expect(paid.status).toBe(200);
  return { depositId: started.body.depositId, paymentIntent };
}

const balance = async () => (await store.post("/api/balance", { currency: "USD" }, { token: customer.accessToken })).body;
/** A withdrawal a minute after whatever came before (the wallet dates its rows by the injected clock). */
const withdraw = (amount: number) => {
  clock.advance(60_000);
  return store.post("/api/balance/withdraw", { currency: "USD", amount }, { token: customer.accessToken });
};

describe("Stripe withdrawals", () => {
  it("refunds each deposit's PaymentIntent, newest first, with an idempotency key; the webhook confirms each refund once", async () => {
    const older = await paidDeposit(30);
    const newer = await paidDeposit(10);
    nextRefund = { status: "pending" };
    const answer = await withdraw(25);
    expect(answer.status).toBe(200);
    expect(answer.body.refunds).toEqual([
      expect.objectContaining({ depositId: newer.depositId, amount: 10, status: "pending" }),
      expect.objectContaining({ depositId: older.depositId, amount: 15, status: "pending" }),
    ]);
    const calls = createRefund.mock.calls.slice(-2);
    expect(calls.map(([params]) => [params.payment_intent, params.amount])).toEqual([[newer.paymentIntent, 1000], [older.paymentIntent, 1500]]);
    for (const [params, options] of calls) expect(options?.idempotencyKey).toBe(`withdrawal-refund-${refundIdOf(params)}`);
    expect((await balance()).balance).toBe(15);

    // Stripe reports the first refund on its own (refund.updated) and both among the charge's (charge.refunded), many times.
    const [first, second] = await Promise.all(createRefund.mock.results.slice(-2).map((result) => result.value));
    const succeeded = (refund: Stripe.Refund) => ({ ...refund, status: "succeeded" });
    const events = [
      ...Array.from({ length: 4 }, () => sendEvent("refund.updated", succeeded(first))),
      ...Array.from({ length: 4 }, () => sendEvent("charge.refunded", { id: "ch_1", object: "charge", refunds: { object: "list", data: [succeeded(first), succeeded(second)] } })),
    ];
    expect((await Promise.all(events)).map((event) => event.status)).toEqual(Array(8).fill(200));
    const rows = await store.db.kysely.selectFrom("withdrawal_refunds").select(["status", "provider_ref"]).where("withdrawal_id", "=", answer.body.withdrawalId).orderBy("created_at").execute();
    expect(rows).toEqual([{ status: "succeeded", provider_ref: first.id }, { status: "succeeded", provider_ref: second.id }]);
    const after = await balance();
    expect(after.balance).toBe(15);
    expect(after.transactions.filter((entry: { kind: string }) => entry.kind === "withdrawal_returned")).toEqual([]);
  });

  it("puts a refund Stripe reports failed back on the balance once, and one Stripe refuses at once too", async () => {
    const before = (await balance()).balance;
    nextRefund = { status: "pending" };
    const answer = await withdraw(5);
    const refund = await createRefund.mock.results.at(-1)!.value;
    clock.advance(60_000); // Stripe reports the failure a minute later
    const failed = await Promise.all(Array.from({ length: 5 }, () => sendEvent("refund.updated", { ...refund, status: "failed" })));
    expect(failed.map((event) => event.status)).toEqual(Array(5).fill(200));
    const after = await balance();
    expect(after.balance).toBe(before);
    expect(after.transactions.filter((entry: { reference: string }) => entry.reference === answer.body.withdrawalId).map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual([
      ["withdrawal_returned", 5],
      ["withdrawal", -5],
    ]);

    nextRefund = new StripeSdk.errors.StripeInvalidRequestError({ message: "Charge has already been refunded." });
    const refused = await withdraw(2);
    expect(refused.status).toBe(200);
    expect(refused.body.refunds).toEqual([expect.objectContaining({ status: "failed" })]);
    expect(refused.body.balance).toBe(before);
    expect((await balance()).balance).toBe(before);
  });

  it("keeps a refund pending when Stripe cannot be reached, and the job sends it later with the same idempotency key", async () => {
    const before = (await balance()).balance;
    nextRefund = new StripeSdk.errors.StripeConnectionError({ message: "connect ETIMEDOUT" });
    const answer = await withdraw(3);
    expect(answer.status).toBe(200);
    expect(answer.body.refunds).toEqual([expect.objectContaining({ status: "pending" })]);
    expect((await balance()).balance).toBe(before - 3);
    nextRefund = { status: "succeeded" };
    expect(await store.services.withdrawals.sendRefunds(answer.body.withdrawalId)).toBe(true);
    const [params, options] = createRefund.mock.calls.at(-1)!;
    expect(options?.idempotencyKey).toBe(`withdrawal-refund-${refundIdOf(params)}`);
    const rows = await store.db.kysely.selectFrom("withdrawal_refunds").select("status").where("withdrawal_id", "=", answer.body.withdrawalId).execute();
    expect(rows).toEqual([{ status: "succeeded" }]);
    expect((await balance()).balance).toBe(before - 3);
  });

  it("refuses a refund event without a valid signature", async () => {
    const payload = JSON.stringify({ id: "evt_forged", object: "event", type: "refund.updated", data: { object: { id: "re_test_1", status: "failed" } } });
    const forged = stripe.client.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const answer = await store.call("/api/payments/stripe/webhook", { method: "POST", raw: payload, headers: { "content-type": "application/json", "stripe-signature": forged } });
    expect(answer.status).toBe(400);
  });
});
