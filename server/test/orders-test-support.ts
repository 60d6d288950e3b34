import { randomUUID } from "node:crypto";
import type { Currency } from "../../contract/currency";
import type { PlaceOrderRequest } from "../../contract/orders";
import { nowIso } from "../db/time";
import type { TestStore } from "./test-store";

export interface TestCustomer {
  id: string;
  email: string;
  token: string;
}

/** A signed-in customer, with `balance` (minor units) credited as an adjustment when given. */
export async function customer(store: Pick<TestStore, "db" | "services">, balance?: { currency: Currency; minor: number }): Promise<TestCustomer> {
  const id = randomUUID();
  const email = `buyer-${id.slice(0, 8)}@example.test`;
  const now = nowIso();
  await store.db.kysely
    .insertInto("users")
    .values({
      id, email, first_name: "Ada", last_name: "Lovelace", country: "ES", company: "", city: "", zip_code: "", address: "",
      password_hash: "not-used", role: "customer", created_at: now, updated_at: now,
    })
    .execute();
  if (balance) {
    await store.services.transaction((trx) =>
      store.services.wallet.credit(trx, { userId: id, currency: balance.currency, amount: balance.minor, kind: "adjustment", reference: "test" }),
    );
  }
  const token = await store.services.accessTokens.sign({ id, role: "customer", sessionId: randomUUID() });
  return { id, email, token };
}

/** A signed-in member of staff with `role`. */
export async function staffMember(store: Pick<TestStore, "db" | "services">, role: "writer" | "manager" | "admin"): Promise<TestCustomer> {
  const member = await customer(store);
  await store.db.kysely.updateTable("users").set({ role }).where("id", "=", member.id).execute();
  return { ...member, token: await store.services.accessTokens.sign({ id: member.id, role, sessionId: randomUUID() }) };
}

export const articleBrief = { topic: "How to price a freelance service", audience: "Freelance designers", tone: "friendly", length: "1500", keywords: ["pricing"] };
export const seoBrief = { website: "https://bakery.example", keywords: ["bakery madrid"], market: "local" };

/** A valid order body for `items` (article-forge by default). */
export function orderBody(
  items: PlaceOrderRequest["orderFormData"] = [{ productId: "article-forge", brief: articleBrief }],
  currency: Currency = "EUR",
): PlaceOrderRequest {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.test",
    businessName: "Analytical Engines SL",
    country: "ES",
    city: "Madrid",
    address1: "Calle Mayor 1",
    state: "Madrid",
    zipCode: "28013",
    agreedToPP_TOS: true,
    orderFormData: items,
    currency,
  };
}

/** The sum of a customer's ledger in one currency (minor units). */
export async function ledgerSum(store: TestStore, userId: string, currency: Currency): Promise<number> {
  const rows = await store.db.kysely
    .selectFrom("ledger_entries")
    .select("amount")
    .where("user_id", "=", userId)
    .where("currency", "=", currency)
    .execute();
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

export async function orderCount(store: TestStore, userId: string): Promise<number> {
  const rows = await store.db.kysely.selectFrom("orders").select("id").where("user_id", "=", userId).execute();
  return rows.length;
}
