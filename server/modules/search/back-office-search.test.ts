import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

// Full-text search (issue 26 point 5, docs/decisions/0069-full-text-search.md): the queue's `q`, the customers page,
// the support inbox and the global search find a partial number, an e-mail's domain, words of briefs, messages and
// tickets, on SQLite (FTS5) and PostgreSQL (tsvector + GIN) alike.
const clock = manualClock(new Date());
let store: TestStore;
let hale: TestCustomer;
let other: TestCustomer;
let manager: TestCustomer;
let writer: TestCustomer;
let seventeenth: { id: string; number: string };
let zeppelin: { id: string; number: string };
let ticketId: string;

type Row = { number: string };
const numbersOf = (body: { orders: Row[] }) => body.orders.map((row) => row.number);
const queue = async (q: string, who: TestCustomer) => {
  const answer = await store.call(`/api/admin/orders?limit=200&q=${encodeURIComponent(q)}`, { token: who.token });
  expect(answer.status).toBe(200);
  return numbersOf(answer.body);
};
const place = async (who: TestCustomer, brief: Record<string, unknown> = articleBrief) => {
  const answer = await store.post("/api/orders", orderBody([{ productId: "article-forge", brief }]), { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body as { id: string; number: string };
};

beforeAll(async () => {
  store = await startTestStore({ TRUST_PROXY: "true" }, { clock, listen: true });
  hale = await customer(store, { currency: "EUR", minor: 1_000_000 });
  other = await customer(store, { currency: "EUR", minor: 1_000_000 });
  manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
  // A customer's e-mail and name changed after sign-up: the index follows the row.
  await store.db.kysely.updateTable("users").set({ email: "ada@halefintech.com", first_name: "Adelina", last_name: "Hale" }).where("id", "=", hale.id).execute();
  hale = { ...hale, email: "ada@halefintech.com" };
  zeppelin = await place(hale, { ...articleBrief, topic: "Zeppelin travel for remote teams" });
  for (let n = 2; n < 17; n++) await place(other);
  seventeenth = await place(other);
  expect(seventeenth.number).toBe("SC-000017");
  expect((await store.post(`/api/orders/${zeppelin.number}/messages`, { body: "Please mention the Quetzal airship too." }, { token: hale.token })).status).toBe(200);
  const ticket = await store.post(
    "/api/support/create-ticket",
    { email: "billing@halefintech.com", description: "Our invoice lists the wrong marmalade company." },
    { headers: { "x-forwarded-for": "192.0.2.7" } },
  );
  expect(ticket.status).toBe(200);
  ticketId = ticket.body.id;
});
afterAll(() => store.close());

describe("the order queue's search", () => {
  it("finds a partial number, an e-mail's domain, a customer's name, a brief and a message", async () => {
    expect(await queue("17", manager)).toEqual([seventeenth.number]);
    expect(await queue("SC-17", manager)).toEqual([seventeenth.number]);
    expect(await queue("sc-000017", manager)).toEqual([seventeenth.number]);
    expect(await queue("halefintech", manager)).toEqual([zeppelin.number]);
    expect(await queue("ada@halefintech.com", manager)).toEqual([zeppelin.number]);
    expect(await queue("adelina hale", manager)).toEqual([zeppelin.number]);
    expect(await queue("zeppel", manager)).toEqual([zeppelin.number]);
    expect(await queue("QUETZAL", manager)).toEqual([zeppelin.number]);
    expect(await queue("nothing-like-this", manager)).toEqual([]);
    expect(await queue("%", manager)).toEqual([]);
  });

  it("keeps the other filters, and the CSV follows the search", async () => {
    expect(await queue("17", manager)).toHaveLength(1);
    const filtered = await store.call(`/api/admin/orders?q=17&status=completed`, { token: manager.token });
    expect(numbersOf(filtered.body)).toEqual([]);
    const csv = await store.call("/api/admin/orders.csv?q=halefintech", { token: manager.token });
    expect(csv.status).toBe(200);
    expect(csv.body as string).toContain(zeppelin.number);
    expect(csv.body as string).not.toContain(seventeenth.number);
  });

  it("lets a writer find work they may see by number or brief, never by a customer's e-mail or a thread", async () => {
    expect(await queue("zeppelin", writer)).toEqual([zeppelin.number]);
    expect(await queue("17", writer)).toEqual([seventeenth.number]);
    expect(await queue("halefintech", writer)).toEqual([]);
    expect(await queue("quetzal", writer)).toEqual([]);
  });
});

describe("the customers page and the support inbox", () => {
  it("find a customer by words of the e-mail and the name in any order", async () => {
    const found = await store.call("/api/admin/customers?q=halefin%20adelina", { token: manager.token });
    expect(found.body.items.map((row: { id: string }) => row.id)).toEqual([hale.id]);
    const byName = await store.call("/api/admin/customers?q=hale%20adel", { token: manager.token });
    expect(byName.body.items.map((row: { id: string }) => row.id)).toEqual([hale.id]);
  });

  it("find a ticket by its domain, its words, its reference and its thread", async () => {
    const ids = async (q: string) =>
      (await store.call(`/api/admin/support/tickets?q=${encodeURIComponent(q)}`, { token: manager.token })).body.items.map((row: { id: string }) => row.id);
    expect(await ids("halefintech")).toEqual([ticketId]);
    expect(await ids("marmalade")).toEqual([ticketId]);
    expect(await ids(`T-${ticketId.replace(/-/g, "").slice(0, 8)}`)).toEqual([ticketId]);
    expect((await store.post(`/api/admin/support/tickets/${ticketId}/replies`, { body: "We corrected the kumquat line." }, { token: manager.token })).status).toBe(200);
    expect(await ids("kumquat")).toEqual([ticketId]);
  });
});

describe("GET /api/admin/search", () => {
  it("answers a manager orders, customers and tickets, each with the page to open", async () => {
    const answer = await store.call("/api/admin/search?q=halefintech", { token: manager.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      orders: [{ number: zeppelin.number, status: "paid", customerName: "Adelina Hale", href: `/admin/orders/${zeppelin.number}` }],
      customers: [{ id: hale.id, name: "Adelina Hale", email: "ada@halefintech.com", href: `/admin/customers/${hale.id}` }],
      tickets: [
        {
          id: ticketId, reference: `T-${ticketId.replace(/-/g, "").slice(0, 8).toUpperCase()}`, email: "billing@halefintech.com", status: "open",
          excerpt: "Our invoice lists the wrong marmalade company.", href: `/admin/support/${ticketId}`,
        },
      ],
    });
    const number = await store.call("/api/admin/search?q=17", { token: manager.token });
    expect(number.body.orders[0]).toMatchObject({ number: seventeenth.number, href: `/admin/orders/${seventeenth.number}` });
  });

  it("answers a writer their own work only, without customers or tickets", async () => {
    const before = await store.call("/api/admin/search?q=zeppelin", { token: writer.token });
    expect(before.body).toEqual({ orders: [], customers: null, tickets: null });
    expect((await store.post(`/api/admin/orders/${zeppelin.id}/assign`, { writerId: writer.id }, { token: manager.token })).status).toBe(200);
    const after = await store.call("/api/admin/search?q=zeppelin", { token: writer.token });
    expect(after.body.orders).toEqual([{ number: zeppelin.number, status: "paid", customerName: "Adelina", href: `/admin/orders/${zeppelin.number}` }]);
    expect((await store.call("/api/admin/search?q=halefintech", { token: writer.token })).body.orders).toEqual([]);
  });

  it("refuses customers and an empty search", async () => {
    expect((await store.call("/api/admin/search?q=17", { token: hale.token })).status).toBe(403);
    const empty = await store.call("/api/admin/search?q=%20", { token: manager.token });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors)).toEqual(["q"]);
  });
});
