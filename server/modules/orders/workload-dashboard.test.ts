import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { articleBrief, customer, orderBody, seoBrief, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";

// Issue 26, point 3: a dashboard that answers "what must happen today", built on deliverables and the injected clock.
const clock = manualClock("2026-01-05T09:00:00.000Z"); // a Monday
let store: TestStore;
let manager: TestCustomer;
let ana: TestCustomer;
let bea: TestCustomer;
beforeAll(async () => {
  store = await startTestStore({}, { clock });
  manager = await staffMember(store, "manager");
  ana = await staffMember(store, "writer");
  bea = await staffMember(store, "writer");
  await store.db.kysely.updateTable("users").set({ first_name: "Ana", last_name: "Writer" }).where("id", "=", ana.id).execute();
  await store.db.kysely.updateTable("users").set({ first_name: "Bea", last_name: "Writer" }).where("id", "=", bea.id).execute();
});
afterAll(() => store.close());

const dashboard = async (who: TestCustomer = manager) => {
  const answer = await store.call("/api/admin/dashboard", { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body;
};
/** The queue's rows for these filters, as `<number>:<n>`, sorted (rows due at the same moment come in id order). */
const queue = async (params: string) =>
  (await store.call(`/api/admin/orders?${params}`, { token: manager.token })).body.orders.map((row: { number: string; deliverable: number }) => `${row.number}:${row.deliverable}`).sort();

describe("the workload board and today's dashboard", () => {
  it("shows open work per writer, the pool, what is due this week and at risk, and order sales per day", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
    const usBuyer = await customer(store, { currency: "USD", minor: 1_000_000 });
    // An article (3 business days: due Thursday 09:00) that Ana works on, and an SEO layer (5 days: due next Monday) in the pool.
    const article = (await store.post("/api/orders", orderBody([{ productId: "article-forge", brief: articleBrief }]), { token: buyer.token })).body;
    const seo = (await store.post("/api/orders", orderBody([{ productId: "seo-layer", brief: seoBrief }]), { token: buyer.token })).body;
    const us = (await store.post("/api/orders", orderBody([{ productId: "article-forge", brief: articleBrief }], "USD"), { token: usBuyer.token })).body;
    expect((await store.post(`/api/admin/orders/${article.id}/assign`, { writerId: ana.id }, { token: manager.token })).status).toBe(200);
    expect((await store.post(`/api/admin/orders/${article.id}/start`, undefined, { token: ana.token })).status).toBe(200);
    expect((await store.post(`/api/admin/orders/${us.id}/assign`, { writerId: ana.id }, { token: manager.token })).status).toBe(200);

    const monday = await dashboard();
    expect(monday.counts).toMatchObject({ pool: 1, dueThisWeek: 2, atRisk: 0, late: 0 });
    const row = (id: string) => monday.workload.find((entry: { writer: { id: string } }) => entry.writer.id === id);
    expect(row(ana.id)).toEqual({ writer: { id: ana.id, name: "Ana Writer", active: true }, notStarted: 1, inProgress: 1, revision: 0, awaiting: 0 });
    // A writer with nothing to do is on the board too.
    expect(row(bea.id)).toEqual({ writer: { id: bea.id, name: "Bea Writer", active: true }, notStarted: 0, inProgress: 0, revision: 0, awaiting: 0 });
    const eur = monday.money.find((series: { currency: string }) => series.currency === "EUR");
    expect(eur.sales).toHaveLength(30);
    expect(eur.sales.at(-1)).toEqual({ day: "2026-01-05", amount: 149 + 240 });
    expect(eur.totalSales).toBe(389);
    expect(monday.money.find((series: { currency: string }) => series.currency === "USD").totalSales).toBe(165);

    // Each count opens the queue filtered the same way.
    expect(await queue("writer=none&status=paid")).toEqual([`${seo.number}:1`]);
    expect(await queue("due=week")).toEqual([`${article.number}:1`, `${us.number}:1`]);
    expect(await queue(`writer=${ana.id}&status=in_progress`)).toEqual([`${article.number}:1`]);

    // Wednesday 10:00: both articles are due within a day.
    clock.set(new Date("2026-01-07T10:00:00.000Z"));
    expect((await dashboard()).counts).toMatchObject({ atRisk: 2, dueThisWeek: 2, late: 0 });
    expect(await queue("due=risk")).toEqual([`${article.number}:1`, `${us.number}:1`]);

    // Thursday 10:00: late, no longer "at risk"; next Monday's SEO layer is due next week.
    clock.set(new Date("2026-01-08T10:00:00.000Z"));
    expect((await dashboard()).counts).toMatchObject({ atRisk: 0, dueThisWeek: 0, late: 2 });
    expect(await queue("due=risk")).toEqual([]);

    // A writer sees the pool and their own work, no board and no money.
    const writers = await dashboard(ana);
    expect(writers.workload).toBeNull();
    expect(writers.money).toBeNull();
    expect(writers.counts.pool).toBe(1);
    expect((await store.call("/api/admin/orders?due=soon", { token: manager.token })).status).toBe(400);
  });
});
