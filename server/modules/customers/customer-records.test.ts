import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer, type TestCustomer as Registered } from "../../test/accounts";
import { auditRows } from "../../test/audit-rows";
import { customer, orderBody, placeFiveDeliverables, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";
import { ticketReference } from "../support";

// Issue 26, points 12 and 13: customer records a manager can work from, and a block that names the work left owed.
let store: TestStore;
let manager: TestCustomer;
let writer: TestCustomer;
beforeAll(async () => {
  store = await startTestStore();
  manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
});
afterAll(() => store.close());

const adjust = (id: string, body: Record<string, unknown>, locale = "en") =>
  store.post(`/api/admin/customers/${id}/adjustments`, { currency: "USD", direction: "credit", amount: 5, reason: "Goodwill", ...body }, { token: manager.token, headers: { "accept-language": locale } });

const billing = {
  firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", businessName: "", country: "GB", city: "London", address1: "1 Square", state: "", zipCode: "SW1Y 4JH", agreedToPP_TOS: true,
};

/** A deposit paid through the sandbox: the wallet credits it and the documents module numbers its receipt. */
async function paidDeposit(buyer: Registered, amount: number, currency: string): Promise<string> {
  const started = await store.post("/api/balance/deposit", { ...billing, depositAmount: amount, currency }, { token: buyer.accessToken });
  expect(started.status).toBe(200);
  expect((await store.post(`/api/payments/sandbox/${started.body.depositId}/complete`, { outcome: "paid" }, { token: buyer.accessToken })).status).toBe(200);
  return started.body.depositId;
}

describe("customer records (issue 26, point 13)", () => {
  it("lists each customer's balance and spend per currency, net of refunds", async () => {
    const buyer = await customer(store, { currency: "USD", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(undefined, "USD"), { token: buyer.token });
    expect(placed.status).toBe(200);
    const refund = await store.post(`/api/admin/orders/${placed.body.id}/deliverables/1/cancel`, { reason: "Writer ill", refund: 10 }, { token: manager.token });
    expect(refund.status).toBe(200);
    const paid = placed.body.total as number;

    const list = await store.call(`/api/admin/customers?q=${encodeURIComponent(buyer.email)}`, { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: buyer.id,
        balances: [{ currency: "USD", amount: Math.round((1000 - paid + 10) * 100) / 100 }],
        spent: [{ currency: "USD", amount: Math.round((paid - 10) * 100) / 100 }],
      }),
    ]);
  });

  it("names deposits by receipt number, defaults to the currency last used, and ties an adjustment to the customer's order or ticket", async () => {
    const buyer = await registerCustomer(store);
    const depositId = await paidDeposit(buyer, 300, "USD");
    const detail = await store.call(`/api/admin/customers/${buyer.userId}`, { token: manager.token });
    expect(detail.body.currency).toBe("USD");
    const line = detail.body.balances[0].ledger[0];
    expect(line).toMatchObject({ kind: "deposit", receiptNumber: expect.stringMatching(/^R-\d{4}-\d{6}$/) });
    expect(line.receiptNumber).not.toContain(depositId);

    const placed = await store.post("/api/orders", orderBody(undefined, "USD"), { token: buyer.accessToken });
    const ticket = await store.services.support.createTicket({ email: buyer.email, description: "The order came late, please help." }, "en");
    const ticketNumber = ticketReference(ticket.id);

    const tied = await adjust(buyer.userId, { orderNumber: placed.body.number.toLowerCase(), ticketNumber: ticketNumber.toLowerCase(), reason: "Late order" });
    expect(tied.status).toBe(200);
    expect(tied.body.balances[0].ledger[0]).toMatchObject({ kind: "adjustment", reason: "Late order", orderNumber: placed.body.number, ticketNumber });
    expect((await auditRows(store, buyer.userId)).at(-1)).toMatchObject({
      action: "customer.adjust",
      after: expect.objectContaining({ orderNumber: placed.body.number, ticketNumber }),
    });

    // Another customer's order or ticket, or none at all, is refused on its field, in the caller's language, writing nothing.
    const other = await customer(store, { currency: "USD", minor: 50_000 });
    const theirs = await store.post("/api/orders", orderBody(undefined, "USD"), { token: other.token });
    const wrongOrder = await adjust(buyer.userId, { orderNumber: theirs.body.number });
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.body.errors).toEqual({ orderNumber: [`${theirs.body.number} is not an order of this customer's.`] });
    const wrongTicket = await adjust(buyer.userId, { ticketNumber: "T-00000000" }, "es");
    expect(wrongTicket.body.errors).toEqual({ ticketNumber: ["T-00000000 no es una solicitud de soporte de este cliente."] });
    expect((await adjust(buyer.userId, { orderNumber: "not a number" })).body.errors.orderNumber).toHaveLength(1);
    const after = await store.call(`/api/admin/customers/${buyer.userId}`, { token: manager.token });
    expect(after.body.balances[0].ledger.filter((entry: { kind: string }) => entry.kind === "adjustment")).toHaveLength(1);
  });
});

describe("blocking a customer with paid work (issue 26, point 12)", () => {
  it("names their open paid work on the record, and marks it in the queue and on the order page", async () => {
    const { buyer, id, number } = await placeFiveDeliverables(store, 500_000);
    // One of the five is cancelled already: it is no longer owed.
    expect((await store.post(`/api/admin/orders/${id}/deliverables/5/cancel`, { reason: "Not needed" }, { token: manager.token })).status).toBe(200);
    const credited = await store.post(`/api/admin/orders/${id}/deliverables/1/credit`, { reason: "Sorry", amount: 5 }, { token: manager.token });
    expect(credited.status).toBe(200);

    const blocked = await store.post(`/api/admin/customers/${buyer.id}/block`, { reason: "Chargeback" }, { token: manager.token });
    expect(blocked.status).toBe(200);
    expect(blocked.body.openWork.map((work: { number: string; n: number }) => `${work.number}:${work.n}`)).toEqual([1, 2, 3, 4].map((n) => `${number}:${n}`));
    const first = blocked.body.openWork[0];
    expect(first).toMatchObject({ orderId: id, status: "paid", currency: "EUR" });
    expect(first.refundable).toBeCloseTo(first.price - 5, 2);

    const queue = await store.call(`/api/admin/orders?q=${number}`, { token: manager.token });
    expect(queue.body.orders).toHaveLength(5);
    expect(queue.body.orders.every((row: { customerBlocked: boolean }) => row.customerBlocked)).toBe(true);
    const page = await store.call(`/api/admin/orders/${number}`, { token: manager.token });
    expect(page.body.customerBlocked).toBe(true);
    // The pool shows no customer, so nothing of theirs.
    const pool = await store.call(`/api/admin/orders?q=${number}`, { token: writer.token });
    expect(pool.body.orders.length).toBeGreaterThan(0);
    expect(pool.body.orders.every((row: { customerBlocked: boolean }) => !row.customerBlocked)).toBe(true);

    await store.post(`/api/admin/customers/${buyer.id}/unblock`, undefined, { token: manager.token });
    expect((await store.call(`/api/admin/orders/${number}`, { token: manager.token })).body.customerBlocked).toBe(false);
  });
});
