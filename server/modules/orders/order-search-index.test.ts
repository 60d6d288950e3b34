import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchWords } from "../../db/full-text";
import { manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, type TestCustomer } from "../../test/orders-test-support";
import { SEARCH_INDEX_WINDOW_MS } from "./order-search-index";
import { orderMatches } from "./order-search.repository";

// Issue 27: on SQLite a new order's search rows enter the FTS5 index in a batch after its commit (2026-11-28-97,
// docs/decisions/0086-order-search-indexed-later.md); a search still finds every committed order, on both databases.
const clock = manualClock(new Date());
let store: TestStore;
let buyer: TestCustomer;
const sqlite = () => store.db.dialect === "sqlite";

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
});
afterAll(() => store.close());

const place = async (topic: string) => {
  const answer = await store.post(
    "/api/orders",
    orderBody([{ productId: "article-forge", brief: { ...articleBrief, topic } }]),
    { token: buyer.token },
  );
  expect(answer.status).toBe(200);
  return answer.body as { id: string; number: string };
};
const found = async (text: string) => {
  const matches = await orderMatches(store.db.kysely, searchWords(text), { id: "m", role: "manager" }, []);
  return "ids" in matches ? matches.ids : [];
};
const waiting = async () =>
  sqlite()
    ? (await sql<{ n: number }>`select count(*) as n from order_search_pending`.execute(store.db.kysely)).rows[0]?.n
    : 0;
/** FTS5's own check that the index and the search rows agree (throws when not). */
const indexAgrees = async () => {
  if (sqlite())
    await sql`insert into order_search_fts (order_search_fts) values ('integrity-check')`.execute(store.db.kysely);
};

describe("a placed order's search rows", () => {
  it("wait outside the index on SQLite until a search, which then finds the order", async () => {
    const order = await place("Narwhal tusks explained");
    expect(await waiting()).toBe(sqlite() ? 2 : 0);
    expect(await found("narwhal")).toEqual([order.id]);
    expect(await waiting()).toBe(0);
    await indexAgrees();
  });

  it("enter the index in the job placing schedules a few seconds later, one batch for the window's orders", async () => {
    const first = await place("Okapi stripes");
    const second = await place("Okapi diets");
    expect(await waiting()).toBe(sqlite() ? 4 : 0);
    clock.advance(SEARCH_INDEX_WINDOW_MS * 2);
    await store.services.jobs.runDue();
    expect(await waiting()).toBe(0);
    await indexAgrees();
    expect((await found("okapi")).sort()).toEqual([first.id, second.id].sort());
  });

  it("keep the index right when a row waiting is changed or removed before its batch", async () => {
    const changed = await place("Quokka smiles");
    const removed = await place("Quokka habitats");
    await store.db.kysely
      .updateTable("order_items")
      .set({ brief_json: JSON.stringify({ ...articleBrief, topic: "Tapir snouts" }) })
      .where("order_id", "=", changed.id)
      .execute();
    await store.db.kysely.deleteFrom("order_search").where("order_id", "=", removed.id).execute();
    expect(await found("quokka")).toEqual([]);
    expect(await found("tapir")).toEqual([changed.id]);
    await indexAgrees();
    // And an indexed row changed afterwards is re-indexed at once, as before.
    await store.db.kysely
      .updateTable("order_items")
      .set({ brief_json: JSON.stringify({ ...articleBrief, topic: "Wombat burrows" }) })
      .where("order_id", "=", changed.id)
      .execute();
    expect(await waiting()).toBe(0);
    expect(await found("tapir")).toEqual([]);
    expect(await found("wombat")).toEqual([changed.id]);
    await indexAgrees();
  });
});
