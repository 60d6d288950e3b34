import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { searchWords } from "../../db/full-text";
import { articleBrief, customer, orderBody, type TestCustomer } from "../../test/orders-test-support";
import { orderMatches, searchCondition } from "./order-search.repository";

let store: TestStore;
let buyer: TestCustomer;
let other: TestCustomer;
const numbers: string[] = [];

beforeAll(async () => {
  store = await startTestStore();
  buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
  other = await customer(store, { currency: "EUR", minor: 1_000_000 });
  for (const [who, topic] of [[buyer, "Walrus migration"], [other, "Walrus diets"], [other, "Penguin diets"]] as const) {
    const answer = await store.post("/api/orders", orderBody([{ productId: "article-forge", brief: { ...articleBrief, topic } }]), { token: who.token });
    numbers.push(answer.body.number);
  }
});
afterAll(() => store.close());

/** The order numbers a search matches: its ids listed, or past `list` tested on each row of the walk (as a list up to `walk`). */
async function matched(text: string, customers: string[], list: number, walk = 10, customersInQuery = true): Promise<string[]> {
  const db = store.db.kysely;
  const matches = await orderMatches(db, searchWords(text), { id: "m", role: "manager" }, customers, { list, walk }, customersInQuery);
  const rows = await db
    .selectFrom("deliverables")
    .innerJoin("orders", "orders.id", "deliverables.order_id")
    .select("orders.number")
    .where((eb) => searchCondition(eb, matches))
    .orderBy("orders.number")
    .execute();
  return rows.map((row) => row.number);
}

describe("a search's orders, few or many", () => {
  it("are the same whether the queue starts from their ids or walks its index and tests each row", async () => {
    for (const [text, customers, expected] of [
      ["walrus", [], [numbers[0], numbers[1]]],
      ["diets", [buyer.id], numbers],
      ["penguin", [], [numbers[2]]],
      ["nothing", [], []],
      // The customers' orders alone (PostgreSQL past the list: a subquery of them, never their ids fetched).
      ["nothing", [other.id], [numbers[1], numbers[2]]],
    ] as const) {
      expect(await matched(text, [...customers], 1000)).toEqual(expected);
      expect(await matched(text, [...customers], 0)).toEqual(expected);
      // The number sort: the customers' orders as ids, whatever the database.
      expect(await matched(text, [...customers], 0, 10, false)).toEqual(expected);
      // Many: tested against the search itself, and against the customers, on each row of the walk.
      expect(await matched(text, [...customers], 0, 0)).toEqual(expected);
    }
  });
});
