import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOrderQuerySchema } from "../../../contract/admin-orders";
import { manualClock } from "../../platform/clock";
import { startTestStore, TEST_DATABASE_URL, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

// Issue 26: the queue sorts by customer, writer and price through the orders module's own keys and indexes; a new
// name, a new writer or a hand-over reaches those keys at once.
const clock = manualClock(new Date());
let store: TestStore;
let admin: TestCustomer;
let alma: TestCustomer;
let ana: TestCustomer;
let carl: TestCustomer;
const placed: Record<"x" | "y", string> = { x: "", y: "" };

const rename = async (who: TestCustomer, firstName: string, lastName: string) => {
  const answer = await store.post("/api/accounts/update", { firstName, lastName, country: "ES", company: "", city: "", zipCode: "", address: "" }, { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

const sorted = async (query: string, field: "number" | "customer" | "writer") => {
  const answer = await store.call(`/api/admin/orders?limit=50&${query}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.orders as Array<{ number: string; customerName: string; writer: { name: string } | null }>).map((row) =>
    field === "number" ? row.number : field === "customer" ? row.customerName : (row.writer?.name ?? "-"),
  );
};

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  admin = await staffMember(store, "admin");
  [ana, carl] = [await staffMember(store, "writer"), await staffMember(store, "writer")];
  await rename(ana, "Ana", "Writer");
  await rename(carl, "Carl", "Writer");
  alma = await customer(store, { currency: "EUR", minor: 1_000_000 });
  const bruno = await customer(store, { currency: "EUR", minor: 1_000_000 });
  await rename(alma, "Alma", "Zeta");
  await rename(bruno, "Bruno", "Young");
  // x: Alma's, given to Carl; y: Bruno's, a minute later, given to Ana.
  for (const [key, buyer, writer] of [["x", alma, carl], ["y", bruno, ana]] as const) {
    const order = await store.post("/api/orders", orderBody([{ productId: "article-forge", brief: articleBrief }]), { token: buyer.token });
    expect(order.status).toBe(200);
    placed[key] = order.body.number;
    expect((await store.post(`/api/admin/orders/${order.body.id}/assign`, { writerId: writer.id }, { token: admin.token })).status).toBe(200);
    clock.advance(60_000);
  }
});
afterAll(() => store.close());

describe("the queue's own sort keys", () => {
  it("sorts by a customer's new name as soon as they change it", async () => {
    expect(await sorted("sort=customer", "customer")).toEqual(["Alma Zeta", "Bruno Young"]);
    await rename(alma, "Zoe", "Zeta");
    expect(await sorted("sort=customer", "customer")).toEqual(["Bruno Young", "Zoe Zeta"]);
    expect(await sorted("sort=customer&dir=desc", "customer")).toEqual(["Zoe Zeta", "Bruno Young"]);
  });

  it("sorts by a writer's new name, and follows a reassignment and a hand-over to the pool", async () => {
    expect(await sorted("sort=writer", "number")).toEqual([placed.y, placed.x]);
    await rename(ana, "Zed", "Writer");
    expect(await sorted("sort=writer", "writer")).toEqual(["Carl Writer", "Zed Writer"]);
    const x = (await store.call(`/api/admin/orders?q=${placed.x}`, { token: admin.token })).body.orders[0].id as string;
    // x back to the pool: unassigned work after every name going up.
    expect((await store.post(`/api/admin/orders/${x}/assign`, { writerId: null }, { token: admin.token })).status).toBe(200);
    expect(await sorted("sort=writer", "writer")).toEqual(["Zed Writer", "-"]);
    expect(await sorted("sort=writer&dir=desc", "writer")).toEqual(["-", "Zed Writer"]);
    // Zed leaves and their work goes to the pool: both unassigned, in due-date order.
    expect((await store.post(`/api/admin/staff/${ana.id}/deactivate`, undefined, { token: admin.token })).status).toBe(200);
    expect(await sorted("sort=writer", "number")).toEqual([placed.x, placed.y]);
    expect(await sorted("sort=writer", "writer")).toEqual(["-", "-"]);
  });

  it("walks an index for a page sorted by customer, writer or price, either way, instead of sorting every row", async () => {
    const dialect = TEST_DATABASE_URL ? "postgres" : "sqlite";
    // PostgreSQL would sort a handful of rows rather than read an index, so it is asked for the plan it has without that.
    await store.db.kysely.connection().execute(async (connection) => {
      if (dialect === "postgres") await sql`set enable_sort = off`.execute(connection);
      for (const sort of ["customer", "writer", "price"]) {
        for (const dir of ["asc", "desc"]) {
          const query = adminOrderQuerySchema.parse({ sort, dir });
          const plan = await store.services.orders.queue.plan(query, { id: admin.id, role: "admin" }, clock.now(), dialect, connection);
          expect(plan, plan).toContain(`deliverables_queue_${sort === "writer" ? "writer_name" : sort}`);
          expect(plan, plan).not.toMatch(dialect === "sqlite" ? /TEMP B-TREE/ : /Sort Key/);
        }
      }
      if (dialect === "postgres") await sql`reset enable_sort`.execute(connection);
    });
  });
});
