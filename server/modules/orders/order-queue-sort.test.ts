import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, seoBrief, staffMember, type TestCustomer } from "../../test/orders-test-support";

// Issue 26, point 6: the queue sorts by any of its columns, either way, and pages by page number.
const clock = manualClock(new Date());
let store: TestStore;
let manager: TestCustomer;
const rowsOf = (body: { orders: Array<{ number: string; deliverable: number }> }) => body.orders.map((row) => `${row.number}:${row.deliverable}`);

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  manager = await staffMember(store, "manager");
  const names = [["Zoe", "Young"], ["Bea", "Adams"], ["Mia", "Lopez"]] as const;
  const writers = [await staffMember(store, "writer"), await staffMember(store, "writer")];
  await store.db.kysely.updateTable("users").set({ first_name: "Yara", last_name: "Writer" }).where("id", "=", writers[0]!.id).execute();
  await store.db.kysely.updateTable("users").set({ first_name: "Carl", last_name: "Writer" }).where("id", "=", writers[1]!.id).execute();
  for (const [index, [first, last]] of names.entries()) {
    const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
    await store.db.kysely.updateTable("users").set({ first_name: first, last_name: last }).where("id", "=", buyer.id).execute();
    const items = index === 1 ? [{ productId: "seo-layer" as const, brief: seoBrief }] : [{ productId: "article-forge" as const, brief: articleBrief }, { productId: "seo-layer" as const, brief: seoBrief }];
    const placed = await store.post("/api/orders", orderBody(items), { token: buyer.token });
    expect(placed.status).toBe(200);
    if (index < 2) {
      const assigned = await store.post(`/api/admin/orders/${placed.body.id}/assign`, { writerId: writers[index]!.id }, { token: manager.token });
      expect(assigned.status).toBe(200);
    }
    clock.advance(60_000);
  }
});
afterAll(() => store.close());

const queue = async (query: string) => {
  const answer = await store.call(`/api/admin/orders?limit=200&${query}`, { token: manager.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { orders: Array<{ number: string; deliverable: number; customerName: string; service: string; status: string; total: number; writer: { name: string } | null }>; page: number | null; hasNext: boolean; nextCursor: string | null };
};

describe("the queue's sortable columns", () => {
  it("sorts by customer, writer, service, price and number, either way", async () => {
    const byCustomer = (await queue("sort=customer")).orders.map((row) => row.customerName);
    expect(byCustomer).toEqual(["Bea Adams", "Mia Lopez", "Mia Lopez", "Zoe Young", "Zoe Young"]);
    expect((await queue("sort=customer&dir=desc")).orders.map((row) => row.customerName)).toEqual([...byCustomer].reverse());

    // Unassigned work last going up, first going down.
    const writers = (await queue("sort=writer")).orders.map((row) => row.writer?.name ?? "-");
    expect(writers).toEqual(["Carl Writer", "Yara Writer", "Yara Writer", "-", "-"]);
    expect((await queue("sort=writer&dir=desc")).orders.map((row) => row.writer?.name ?? "-")).toEqual(["-", "-", "Yara Writer", "Yara Writer", "Carl Writer"]);

    expect((await queue("sort=service")).orders.map((row) => row.service)).toEqual(["article-forge", "article-forge", "seo-layer", "seo-layer", "seo-layer"]);
    const prices = (await queue("sort=price&dir=desc")).orders.map((row) => row.total);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices.at(-1)).toBeLessThan(prices[0]!);

    const numbers = rowsOf(await queue("sort=number"));
    expect(numbers).toEqual([...numbers].sort());
    expect(rowsOf(await queue("sort=number&dir=desc"))).toEqual([...numbers].reverse());
    const statuses = (await queue("sort=status&dir=desc")).orders.map((row) => row.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
  });

  it("pages by page number in any sort: every row once, previous pages unchanged", async () => {
    const all = rowsOf(await queue("sort=customer"));
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await store.call(`/api/admin/orders?sort=customer&limit=2&page=${page}`, { token: manager.token });
      expect(answer.body.page).toBe(page);
      expect(answer.body.hasNext).toBe(page < 3);
      expect(answer.body.nextCursor).toBeNull();
      pages.push(...rowsOf(answer.body));
    }
    expect(pages).toEqual(all);
    const due = await store.call("/api/admin/orders?sort=due&dir=desc&limit=2&page=2", { token: manager.token });
    expect(rowsOf(due.body)).toEqual(rowsOf(await queue("sort=-due")).slice(2, 4));
    // The CSV export follows the sort too.
    const csv = await store.call("/api/admin/orders.csv?sort=customer&dir=desc", { token: manager.token });
    expect(csv.status).toBe(200);
    const exported = String(csv.body ?? "").trim().split("\n").slice(1).map((line) => line.split(",")[0]);
    expect(exported).toEqual((await queue("sort=customer&dir=desc")).orders.map((row) => row.number));
  });

  it("answers 400 with the field for an unknown sort or direction, and for a cursor with another sort, in both languages", async () => {
    const sort = await store.call("/api/admin/orders?sort=email", { token: manager.token });
    expect(sort.status).toBe(400);
    expect(Object.keys(sort.body.errors)).toEqual(["sort"]);
    const dir = await store.call("/api/admin/orders?sort=price&dir=up", { token: manager.token });
    expect(dir.status).toBe(400);
    expect(Object.keys(dir.body.errors)).toEqual(["dir"]);
    const first = (await store.call("/api/admin/orders?limit=1", { token: manager.token })).body;
    const cursor = await store.call(`/api/admin/orders?sort=price&cursor=${first.nextCursor}`, { token: manager.token });
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors.cursor).toEqual(["Page links of this kind follow the due-date sort only: use page numbers with another sort."]);
    const spanish = await store.call(`/api/admin/orders?sort=price&cursor=${first.nextCursor}`, { token: manager.token, headers: { "accept-language": "es" } });
    expect(spanish.body.errors.cursor).toEqual(["Los enlaces de página de este tipo solo siguen el orden por fecha de entrega: con otro orden, usa los números de página."]);
  });
});
