import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Currency } from "../../../contract/currency";
import { startTestStore, type TestStore } from "../../test/test-store";
import { registerCustomer } from "../../test/accounts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const credit = (userId: string, currency: Currency, amount: number, reference = "deposit-1") =>
  store.services.transaction((trx) => store.services.wallet.credit(trx, { userId, currency, amount, kind: "deposit", reference }));
const debit = (userId: string, currency: Currency, amount: number, reference = "order-1") =>
  store.services.transaction((trx) => store.services.wallet.debit(trx, { userId, currency, amount, kind: "order", reference }));

async function ledgerMismatches(): Promise<unknown[]> {
  const sums = await store.db.kysely
    .selectFrom("ledger_entries")
    .select(["user_id", "currency", sql<number>`sum(amount)`.as("total")])
    .groupBy(["user_id", "currency"])
    .execute();
  const balances = await store.db.kysely.selectFrom("balances").selectAll().execute();
  const byKey = new Map(sums.map((row) => [`${row.user_id}/${row.currency}`, Number(row.total)]));
  const mismatches = balances.filter((row) => byKey.get(`${row.user_id}/${row.currency}`) !== row.amount);
  const orphanSums = sums.filter((row) => !balances.some((b) => b.user_id === row.user_id && b.currency === row.currency));
  return [...mismatches, ...orphanSums];
}

describe("wallet service", () => {
  it("starts at zero, credits and debits per currency", async () => {
    const customer = await registerCustomer(store);
    expect(await store.services.wallet.balance(customer.userId, "EUR")).toBe(0);
    await credit(customer.userId, "EUR", 10_000);
    await credit(customer.userId, "USD", 500);
    expect(await debit(customer.userId, "EUR", 2_550)).toBe(true);
    expect(await store.services.wallet.balance(customer.userId, "EUR")).toBe(7_450);
    expect(await store.services.wallet.balance(customer.userId, "USD")).toBe(500);
    const statement = await store.services.wallet.statement(customer.userId, "EUR");
    expect(statement.balance).toBe(7_450);
    expect(statement.transactions.map((entry) => [entry.kind, entry.amount, entry.reference]).sort()).toEqual([
      ["deposit", 10_000, "deposit-1"],
      ["order", -2_550, "order-1"],
    ]);
  });

  it("refuses a debit the balance does not cover and writes nothing", async () => {
    const customer = await registerCustomer(store);
    expect(await debit(customer.userId, "GBP", 1)).toBe(false);
    await credit(customer.userId, "GBP", 1_000);
    expect(await debit(customer.userId, "GBP", 1_001)).toBe(false);
    expect(await store.services.wallet.balance(customer.userId, "GBP")).toBe(1_000);
    expect((await store.services.wallet.statement(customer.userId, "GBP")).transactions).toHaveLength(1);
  });

  it("rolls the debit back with the caller's transaction", async () => {
    const customer = await registerCustomer(store);
    await credit(customer.userId, "EUR", 1_000);
    await expect(
      store.services.transaction(async (trx) => {
        await store.services.wallet.debit(trx, { userId: customer.userId, currency: "EUR", amount: 600, kind: "order", reference: "o" });
        throw new Error("order could not be stored");
      }),
    ).rejects.toThrow("order could not be stored");
    expect(await store.services.wallet.balance(customer.userId, "EUR")).toBe(1_000);
  });

  it("lets 50 concurrent debits spend only what there is, never below zero", async () => {
    const customer = await registerCustomer(store);
    await credit(customer.userId, "EUR", 20 * 700);
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => debit(customer.userId, "EUR", 700, `order-${index}`)));
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(await store.services.wallet.balance(customer.userId, "EUR")).toBe(0);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it("refuses amounts that are not positive integer minor units", async () => {
    const customer = await registerCustomer(store);
    await expect(credit(customer.userId, "EUR", 10.5)).rejects.toThrow();
    await expect(debit(customer.userId, "EUR", -5)).rejects.toThrow();
  });

  it("keeps every balance equal to the sum of its ledger", async () => {
    // Its own movements, so the check holds whatever else ran (or did not) in this file: credits and debits in
    // two currencies, one refused and one rolled back, none of which may leave a balance apart from its ledger.
    const ada = await registerCustomer(store);
    const bea = await registerCustomer(store);
    await credit(ada.userId, "EUR", 5_000, "ledger-1");
    await credit(bea.userId, "USD", 3_000, "ledger-2");
    expect(await debit(ada.userId, "EUR", 1_200, "ledger-order-1")).toBe(true);
    expect(await debit(bea.userId, "USD", 3_001, "ledger-order-2")).toBe(false);
    await store.services
      .transaction(async (trx) => {
        await store.services.wallet.debit(trx, { userId: bea.userId, currency: "USD", amount: 1_000, kind: "order", reference: "ledger-order-3" });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    const own = await store.db.kysely.selectFrom("ledger_entries").select("amount").where("user_id", "in", [ada.userId, bea.userId]).execute();
    expect(own.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-1_200, 3_000, 5_000]);
    expect(await store.services.wallet.balance(ada.userId, "EUR")).toBe(3_800);
    expect(await store.services.wallet.balance(bea.userId, "USD")).toBe(3_000);
    expect(await ledgerMismatches()).toEqual([]);
  });
});
