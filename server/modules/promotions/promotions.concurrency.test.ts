import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { customer, orderBody, orderCount, staffMember } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";
import { createCode } from "./promotions-test-support";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({}, { clock: manualClock("2026-03-02T10:00:00.000Z") });
});
afterAll(() => store.close());

describe("a promotion code's cap under parallel checkouts", () => {
  it("30 buyers at once with a code capped at 5: exactly 5 orders use it, the rest are told it is used up and pay nothing", async () => {
    const manager = await staffMember(store, "manager");
    const code = await createCode(store, manager, "FIVE", { maxUses: 5 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => customer(store, { currency: "EUR", minor: 1_000_000 })));
    const answers = await Promise.all(buyers.map((buyer) => store.post("/api/orders", { ...orderBody(), promoCode: "FIVE" }, { token: buyer.token })));
    const placed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const answer of refused) expect(answer.body.errors).toEqual({ promoCode: ["This promotion code has been used as many times as it allows."] });
    for (const answer of placed) expect(answer.body.total).toBe(134.1);
    const counts = await Promise.all(buyers.map((buyer) => orderCount(store, buyer.id)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(5);
    const balances = await Promise.all(buyers.map((buyer) => store.services.wallet.balance(buyer.id, "EUR")));
    expect(balances.filter((balance) => balance === 1_000_000)).toHaveLength(25);
    const listed = (await store.call("/api/admin/promotion-codes", { token: manager.token })).body.items.find((item: { id: string }) => item.id === code.id);
    expect(listed).toMatchObject({ uses: 5, revenue: { EUR: 670.5 } });
  });

  it("one buyer's parallel checkouts with a once-per-customer code: one order uses it", async () => {
    const manager = await staffMember(store, "manager");
    await createCode(store, manager, "ONCE", { oncePerCustomer: true });
    const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.post("/api/orders", { ...orderBody(), promoCode: "ONCE" }, { token: buyer.token })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) expect(answer.body.errors).toEqual({ promoCode: ["You have already used this promotion code."] });
    expect(await orderCount(store, buyer.id)).toBe(1);
  });
});
