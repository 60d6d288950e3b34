import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer, TEST_PASSWORD } from "../../test/accounts";
import { auditRows } from "../../test/audit-rows";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, ledgerSum, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

let store: TestStore;
let manager: TestCustomer;
let admin: TestCustomer;
let writer: TestCustomer;
beforeAll(async () => {
  store = await startTestStore();
  manager = await staffMember(store, "manager");
  admin = await staffMember(store, "admin");
  writer = await staffMember(store, "writer");
});
afterAll(() => store.close());

const adjust = (id: string, body: unknown, token = manager.token) => store.post(`/api/admin/customers/${id}/adjustments`, body, { token });

async function balancesMatchLedger(userId: string): Promise<void> {
  const balances = await store.db.kysely.selectFrom("balances").select(["currency", "amount"]).where("user_id", "=", userId).execute();
  for (const balance of balances) expect(await ledgerSum(store, userId, balance.currency as "EUR")).toBe(balance.amount);
}

describe("customers in the back office", () => {
  it("finds customers by part of the email or name, and shows one with orders, tickets, balances and ledger", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 50_000 });
    await store.db.kysely.updateTable("users").set({ first_name: "Grace", last_name: "Hopper" }).where("id", "=", buyer.id).execute();
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    await store.services.support.createTicket({ email: buyer.email, description: "A question about my order, please." }, "en");

    const byName = await store.call("/api/admin/customers?q=grace%20hop", { token: manager.token });
    expect(byName.status).toBe(200);
    expect(byName.body.items).toEqual([expect.objectContaining({ id: buyer.id, name: "Grace Hopper", blocked: false })]);
    const byEmail = await store.call(`/api/admin/customers?q=${encodeURIComponent(buyer.email.slice(0, 14).toUpperCase())}`, { token: manager.token });
    expect(byEmail.body.items.map((item: { id: string }) => item.id)).toContain(buyer.id);
    expect((await store.call("/api/admin/customers?q=%25", { token: manager.token })).body.items).toEqual([]);
    // Staff are not customers.
    const everyone = await store.call("/api/admin/customers", { token: manager.token });
    expect(everyone.body.items.map((item: { id: string }) => item.id)).not.toContain(writer.id);

    const detail = await store.call(`/api/admin/customers/${buyer.id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: buyer.id, email: buyer.email, blockedAt: null });
    expect(detail.body.orders).toEqual([expect.objectContaining({ number: placed.body.number, total: 149, currency: "EUR" })]);
    expect(detail.body.tickets).toEqual([
      expect.objectContaining({ status: "open", excerpt: "A question about my order, please.", subject: "A question about my order, please.", reference: expect.stringMatching(/^T-[0-9A-F]{8}$/) }),
    ]);
    expect(detail.body.balances).toEqual([
      { currency: "EUR", balance: 351, ledger: [expect.objectContaining({ kind: "order", amount: -149 }), expect.objectContaining({ kind: "adjustment", amount: 500 })] },
    ]);
  });

  it("credits and debits with a reason through the ledger, shown to the customer in their transactions", async () => {
    const buyer = await customer(store);
    const credited = await adjust(buyer.id, { currency: "GBP", direction: "credit", amount: 25.5, reason: "Goodwill for a late order" });
    expect(credited.status).toBe(200);
    expect(credited.body.balances).toEqual([
      { currency: "GBP", balance: 25.5, ledger: [expect.objectContaining({ kind: "adjustment", amount: 25.5, reason: "Goodwill for a late order" })] },
    ]);
    const debited = await adjust(buyer.id, { currency: "GBP", direction: "debit", amount: 5.25, reason: "Bank fee charged back" });
    expect(debited.body.balances[0].balance).toBe(20.25);
    expect(await auditRows(store, buyer.id)).toEqual([
      expect.objectContaining({ action: "customer.adjust", actorId: manager.id, before: { currency: "GBP", balance: 0 }, after: expect.objectContaining({ balance: 2_550, amount: 2_550, reason: "Goodwill for a late order" }) }),
      expect.objectContaining({ action: "customer.adjust", before: { currency: "GBP", balance: 2_550 }, after: expect.objectContaining({ balance: 2_025, amount: -525, reason: "Bank fee charged back" }) }),
    ]);

    const own = await store.post("/api/balance", { currency: "GBP" }, { token: buyer.token });
    expect(own.body.balance).toBe(20.25);
    expect(own.body.transactions.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual(
      expect.arrayContaining([["adjustment", 25.5], ["adjustment", -5.25]]),
    );
    await balancesMatchLedger(buyer.id);
  });

  it("refuses a debit that would take the balance below zero, writing nothing, and a missing reason", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 1_000 });
    const refused = await adjust(buyer.id, { currency: "EUR", direction: "debit", amount: 10.01, reason: "Too much" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ amount: ["This would take the balance below zero: it holds 10."] });
    const spanish = await store.post(`/api/admin/customers/${buyer.id}/adjustments`, { currency: "USD", direction: "debit", amount: 1, reason: "Nada" }, {
      token: manager.token,
      headers: { "accept-language": "es" },
    });
    expect(spanish.body.errors).toEqual({ amount: ["El saldo quedaría por debajo de cero: tiene 0."] });
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(1_000);
    expect(await store.db.kysely.selectFrom("balance_adjustments").select("id").where("user_id", "=", buyer.id).execute()).toEqual([]);
    expect(await auditRows(store, buyer.id)).toEqual([]);

    const noReason = await adjust(buyer.id, { currency: "EUR", direction: "credit", amount: 1, reason: " " });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.errors)).toEqual(["reason"]);
    const zero = await adjust(buyer.id, { currency: "EUR", direction: "credit", amount: 0, reason: "Nothing" });
    expect(Object.keys(zero.body.errors)).toEqual(["amount"]);
    expect((await adjust(buyer.id, { currency: "EUR", direction: "debit", amount: 10, reason: "Exactly all" })).status).toBe(200);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(0);
    await balancesMatchLedger(buyer.id);
  });

  it("lets only one of two debits at once take the same money", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 10_000 });
    const answers = await Promise.all([1, 2].map(() => adjust(buyer.id, { currency: "EUR", direction: "debit", amount: 80, reason: "Chargeback" })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(2_000);
    await balancesMatchLedger(buyer.id);
  });
});

describe("customer access in the back office", () => {
  it("blocks a customer: their sign-ins end at once and they cannot sign in until unblocked", async () => {
    const buyer = await registerCustomer(store);
    expect((await store.call("/api/Accounts/profile", { token: buyer.accessToken })).status).toBe(200);

    const blocked = await store.post(`/api/admin/customers/${buyer.userId}/block`, { reason: "Chargeback fraud" }, { token: manager.token });
    expect(blocked.status).toBe(200);
    expect(blocked.body.blockedAt).toEqual(expect.any(String));
    expect((await store.call("/api/Accounts/profile", { token: buyer.accessToken })).status).toBe(401);
    expect((await store.post("/api/Accounts/refresh", { refreshToken: buyer.refreshToken })).status).toBe(401);
    const signIn = await store.post("/api/Accounts/login", { email: buyer.email, password: TEST_PASSWORD, rememberMe: false });
    expect(signIn.status).toBe(400);
    expect(signIn.body.errors[""]).toEqual(["This account is blocked. Write to us through the contact page if you think this is a mistake."]);
    expect((await store.post(`/api/admin/customers/${buyer.userId}/block`, { reason: "Again" }, { token: manager.token })).status).toBe(409);
    expect((await store.call(`/api/admin/customers?q=${encodeURIComponent(buyer.email)}`, { token: manager.token })).body.items[0].blocked).toBe(true);

    expect((await store.post(`/api/admin/customers/${buyer.userId}/unblock`, undefined, { token: manager.token })).body.blockedAt).toBeNull();
    expect((await store.post(`/api/admin/customers/${buyer.userId}/unblock`, undefined, { token: manager.token })).status).toBe(409);
    expect((await store.post("/api/Accounts/login", { email: buyer.email, password: TEST_PASSWORD, rememberMe: false })).status).toBe(200);
    expect((await auditRows(store, buyer.userId)).map((row) => [row.action, row.after])).toEqual([
      ["customer.block", { blockedAt: blocked.body.blockedAt, reason: "Chargeback fraud" }],
      ["customer.unblock", { blockedAt: null }],
    ]);
  });

  it("answers a writer and a customer 403, no token 401, and staff or unknown ids 404 on every route", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 1_000 });
    const routes: Array<[string, string, unknown]> = [
      ["GET", "/api/admin/customers", undefined],
      ["GET", `/api/admin/customers/${buyer.id}`, undefined],
      ["POST", `/api/admin/customers/${buyer.id}/adjustments`, { currency: "EUR", direction: "credit", amount: 1, reason: "Role check" }],
      ["POST", `/api/admin/customers/${buyer.id}/block`, { reason: "Role check" }],
      ["POST", `/api/admin/customers/${buyer.id}/unblock`, undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await store.call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await store.call(path, { method, body, token: buyer.token })).status, `${method} ${path}`).toBe(403);
      expect((await store.call(path, { method, body, token: writer.token })).status, `${method} ${path}`).toBe(403);
    }
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(1_000);
    expect((await store.call(`/api/admin/customers/${randomUUID()}`, { token: manager.token })).status).toBe(404);
    expect((await store.call(`/api/admin/customers/${writer.id}`, { token: manager.token })).status).toBe(404);
    expect((await adjust(writer.id, { currency: "EUR", direction: "credit", amount: 1, reason: "Staff" })).status).toBe(404);
  });
});
