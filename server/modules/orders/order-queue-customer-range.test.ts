import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOrderQuerySchema, type AdminOrderQuery } from "../../../contract/admin-orders";
import { manualClock } from "../../platform/clock";
import { startTestStore, TEST_DATABASE_URL, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, seoBrief, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { searchWords } from "../../db/full-text";
import { createOrderQueue, type OrderQueue } from "./order-queue.repository";
import { customersSortRange, orderMatches } from "./order-search.repository";

// Issue 26 (docs/decisions/0082-queue-customer-search-starts-at-its-names.md): sorted by customer, a search that names
// customers alone walks the sort's index from the first of their names, not from the first name of all; its pages are
// the whole walk's, row for row, either way, page after page.
const clock = manualClock(new Date());
let store: TestStore;
let admin: TestCustomer;
let ranged: OrderQueue;
let whole: OrderQueue;

const rename = async (who: TestCustomer, firstName: string, lastName: string) => {
  const answer = await store.post("/api/accounts/update", { firstName, lastName, country: "ES", company: "", city: "", zipCode: "", address: "" }, { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

/**
 * Customers whose names sort before, among and after the three named Walrus (Mia Lopez among them, found by nothing
 * but her brief's "Lopez"): orders of one and two services, some placed in the same instant (ties on the due date),
 * some assigned.
 */
beforeAll(async () => {
  store = await startTestStore({}, { clock });
  admin = await staffMember(store, "admin");
  const writers = [await staffMember(store, "writer"), await staffMember(store, "writer")];
  const names = [["Aaron", "Zed"], ["Walrus", "Adams"], ["Bea", "Walrus"], ["Mia", "Lopez"], ["Walrus", "Young"], ["Zed", "Other"]] as const;
  for (const [index, [first, last]] of names.entries()) {
    const buyer = await customer(store, { currency: "EUR", minor: 10_000_000 });
    await rename(buyer, first, last);
    for (let n = 0; n < 3; n++) {
      const topic = first === "Mia" ? "Lopez family recipes" : articleBrief.topic;
      const items = n === 1 ? [{ productId: "seo-layer" as const, brief: seoBrief }] : [{ productId: "article-forge" as const, brief: { ...articleBrief, topic } }, { productId: "seo-layer" as const, brief: seoBrief }];
      const placed = await store.post("/api/orders", orderBody(items), { token: buyer.token });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      if ((index + n) % 3 !== 0) {
        const assigned = await store.post(`/api/admin/orders/${placed.body.id}/assign`, { writerId: writers[(index + n) % 2]!.id }, { token: admin.token });
        expect(assigned.status).toBe(200);
      }
      if (n !== 1) clock.advance(60_000);
    }
  }
  const staff = { deactivatedAmong: async () => [], deactivatedMembers: async () => [] };
  ranged = createOrderQueue(store.db.kysely, store.services.orders.access, store.services.accounts.people, staff);
  whole = createOrderQueue(store.db.kysely, store.services.orders.access, store.services.accounts.people, staff, { customerRange: false });
});
afterAll(() => store.close());

const actor = () => ({ id: admin.id, role: "admin" as const });
const ask = (fields: Record<string, string>): AdminOrderQuery => adminOrderQuerySchema.parse({ limit: "2", ...fields });

/** Every page by page number: each page's rows (number:deliverable, customer) and whether another follows. */
async function numberedPages(queue: OrderQueue, fields: Record<string, string>) {
  const pages: Array<{ rows: string[]; hasNext: boolean }> = [];
  for (let page = 1; page <= 20; page++) {
    const answer = await queue.page(ask({ ...fields, page: String(page) }), actor(), clock.now());
    pages.push({ rows: answer.orders.map((row) => `${row.number}:${row.deliverable} ${row.customerName}`), hasNext: answer.hasNext });
    if (!answer.hasNext) break;
  }
  return pages;
}

/** Every page of the due date's keyset, cursor after cursor: each page's rows and the cursor it gave. */
async function keysetPages(queue: OrderQueue, fields: Record<string, string>) {
  const pages: Array<{ rows: string[]; nextCursor: string | null }> = [];
  let cursor: string | undefined;
  do {
    const answer = await queue.page(ask({ ...fields, ...(cursor ? { cursor } : {}) }), actor(), clock.now());
    pages.push({ rows: answer.orders.map((row) => `${row.number}:${row.deliverable}`), nextCursor: answer.nextCursor });
    cursor = answer.nextCursor ?? undefined;
  } while (cursor && pages.length < 20);
  return pages;
}

describe(`a customer search sorted by customer (${TEST_DATABASE_URL ? "PostgreSQL" : "SQLite"})`, () => {
  it("bounds the walk by the named customers' keys when the search found nothing else", async () => {
    const db = store.db.kysely;
    const named = async (text: string) => orderMatches(db, searchWords(text), actor(), await store.services.accounts.people.customerIdsMatching(text));
    const walrus = (await named("walrus")).customersOnly ?? [];
    expect(walrus).toHaveLength(3);
    expect(await customersSortRange(db, walrus)).toEqual({ low: "bea walrus", high: "walrus young" });
    // Lopez: her name and her brief (the orders' own text): not only customers' orders, no bound.
    expect((await named("lopez")).customersOnly).toBeUndefined();
    expect(await customersSortRange(db, [admin.id])).toBeUndefined();
  });

  it("gives the whole walk's pages, row for row, either way, page after page", async () => {
    for (const q of ["walrus", "walrus adams", "bea", "lopez", "nobody"]) {
      for (const dir of ["asc", "desc"]) {
        const fields = { q, sort: "customer", dir };
        const walked = await numberedPages(whole, fields);
        expect(await numberedPages(ranged, fields), `${q} ${dir}`).toEqual(walked);
      }
    }
    // The three Walrus customers' 15 deliverables, by name, with Mia Lopez (among their names) left out.
    const walrus = (await numberedPages(ranged, { q: "walrus", sort: "customer" })).flatMap((page) => page.rows.map((row) => row.split(" ").slice(1).join(" ")));
    expect(walrus).toEqual([...Array(5).fill("Bea Walrus"), ...Array(5).fill("Walrus Adams"), ...Array(5).fill("Walrus Young")]);
  });

  it("leaves the due date's keyset as it was, cursors included", async () => {
    for (const sort of ["due", "-due"]) expect(await keysetPages(ranged, { q: "walrus", sort })).toEqual(await keysetPages(whole, { q: "walrus", sort }));
  });
});
