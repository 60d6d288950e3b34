import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, ledgerSum, orderBody, orderCount } from "../../test/orders-test-support";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const ARTICLE_EUR = 14_900;

describe("orders placed at the same time", () => {
  it("50 orders against a balance that covers 20: exactly 20 are placed, the balance ends at zero, never negative", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 20 * ARTICLE_EUR });
    const answers = await Promise.all(Array.from({ length: 50 }, () => store.post("/api/orders", orderBody(), { token: buyer.token })));
    const placed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(placed).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const answer of refused) expect(answer.body.errors[""][0]).toMatch(/^Your EUR balance is short by €149\.00\./);
    expect(new Set(placed.map((answer) => answer.body.number)).size).toBe(20);
    expect(await orderCount(store, buyer.id)).toBe(20);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(0);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(0);
  });

  it("gives every order of many customers at once its own number, and every balance equals its ledger", async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => customer(store, { currency: "EUR", minor: 3 * ARTICLE_EUR + 100 })));
    const answers = await Promise.all(
      buyers.flatMap((buyer) => Array.from({ length: 4 }, () => store.post("/api/orders", orderBody(), { token: buyer.token }))),
    );
    const numbers = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.number);
    expect(numbers).toHaveLength(30);
    expect(new Set(numbers).size).toBe(30);
    for (const buyer of buyers) {
      expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100);
      expect(await ledgerSum(store, buyer.id, "EUR")).toBe(100);
    }
  });
});
