import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, expect, vi } from "vitest";
import type { Currency } from "../../contract/currency";
import type { PlaceOrderRequest } from "../../contract/orders";
import { nowIso } from "../db/time";
import type { TestStore } from "./test-store";

/** article-forge's price in EUR (minor units). */
export const ARTICLE_EUR = 14_900;

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

/** Signed-in members of staff, one per role given, in that order. */
export function staffMembers(store: Pick<TestStore, "db" | "services">, roles: ReadonlyArray<"writer" | "manager" | "admin">): Promise<TestCustomer[]> {
  return Promise.all(roles.map((role) => staffMember(store, role)));
}

/** A signed-in member of staff with `role`. */
export async function staffMember(store: Pick<TestStore, "db" | "services">, role: "writer" | "manager" | "admin"): Promise<TestCustomer> {
  const member = await customer(store);
  await store.db.kysely.updateTable("users").set({ role }).where("id", "=", member.id).execute();
  return { ...member, token: await store.services.accessTokens.sign({ id: member.id, role, sessionId: randomUUID() }) };
}

export const articleBrief = { topic: "How to price a freelance service", audience: "Freelance designers", tone: "friendly", length: "1500", keywords: ["pricing"] };
export const seoBrief = { website: "https://bakery.example", keywords: ["bakery madrid"], market: "local" };
export const webBrief = {
  business: "Panadería Sol",
  offer: "Sourdough bread and pastries baked every morning in the centre of Madrid.",
  audience: "Neighbours and office workers",
  pages: 4,
  tone: "friendly",
  website: "https://bakery.example",
};

/**
 * Two services and a bundle of three (issue 24): five deliverables, in cart order — 1 article-forge (149.00 EUR),
 * 2 seo-layer (240.00), then full-site-and-content-pack's (749.00) 3 web-copycraft, 4 article-forge, 5 seo-layer.
 */
export const FIVE_DELIVERABLES: PlaceOrderRequest["orderFormData"] = [
  { productId: "article-forge", brief: articleBrief },
  { productId: "seo-layer", brief: seoBrief },
  { productId: "full-site-and-content-pack", brief: { "web-copycraft": webBrief, "article-forge": articleBrief, "seo-layer": seoBrief } },
];

/** A new customer with `minor` EUR on their balance who placed the five-deliverable order (in `locale`). */
export async function placeFiveDeliverables(store: TestStore, minor: number, locale: "en" | "es" = "en"): Promise<{ buyer: TestCustomer; id: string; number: string }> {
  const buyer = await customer(store, { currency: "EUR", minor });
  const answer = await store.post("/api/orders", orderBody(FIVE_DELIVERABLES), { token: buyer.token, headers: { "accept-language": locale } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { buyer, id: answer.body.id as string, number: answer.body.number as string };
}

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

/** Holds `userId`'s balance row in another transaction (PostgreSQL), as a concurrent order of theirs would, until released. */
export async function holdBalanceRow(store: TestStore, userId: string): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = store.db.kysely.transaction().execute(async (trx) => {
    await sql`select amount from balances where user_id = ${userId} for update`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}

/** Waits (up to 10 s) until a backend of the test's PostgreSQL database waits for a lock: an order waiting for the row. */
export async function untilAnOrderWaitsForALock(store: TestStore): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = await sql<{ count: number }>`select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(store.db.kysely);
      expect(waiting.rows[0]?.count ?? 0).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** An order that never happened: none placed, the balance and the ledger as funded (`funded`, minor units EUR). */
export async function expectNoOrderNoDebit(store: TestStore, buyer: TestCustomer, funded: number): Promise<void> {
  expect(await orderCount(store, buyer.id)).toBe(0);
  expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(funded);
  expect(await ledgerSum(store, buyer.id, "EUR")).toBe(funded);
}

/** Places an order over a real connection that the client can abandon (`leave`); `answer` is the fetch's outcome. */
export function leavingOrder(store: TestStore, buyer: TestCustomer): { leave(): void; answer: Promise<unknown> } {
  const leaving = new AbortController();
  const answer = fetch(`${store.url}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${buyer.token}` },
    body: JSON.stringify(orderBody()),
    signal: leaving.signal,
  }).catch((error: unknown) => error);
  return { leave: () => leaving.abort(), answer };
}

/** For files that start a store per test: `closing(store)` answers it and closes it after the test. */
export function closeAfterEach(): (store: TestStore) => TestStore {
  let open: TestStore | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  return (store) => (open = store);
}
