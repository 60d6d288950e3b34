import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "../../../contract/notifications";
import { manualClock } from "../../platform/clock";
import { articleBrief, customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";

// Issue 26, points 1 and 11: a deactivated writer's open work was handed over, but the unread notifications about it
// (the customer's answer, the revision request) stayed with the writer, who can no longer sign in: nobody read them.
const clock = manualClock("2026-01-05T09:30:00.000Z");
let store: TestStore;
let buyer: TestCustomer, manager: TestCustomer, admin: TestCustomer;

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  buyer = await customer(store, { currency: "EUR", minor: 5_000_000 });
  [manager, admin] = await Promise.all([staffMember(store, "manager"), staffMember(store, "admin")]);
});
afterAll(() => store.close());

const list = async (who: TestCustomer): Promise<Notification[]> => {
  const answer = await store.call("/api/admin/notifications", { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
};
const about = async (who: TestCustomer, number: string) =>
  (await list(who)).filter((item) => item.orderNumber === number).map((item) => `${item.kind}${item.readAt ? " (read)" : ""}`);

/** An order the writer started and asked about, and the customer's answer to it: the writer's unread "answer". */
async function answeredWork(writer: TestCustomer): Promise<{ id: string; number: string }> {
  const placed = await store.post("/api/orders", orderBody([{ productId: "article-forge", brief: articleBrief }]), { token: buyer.token });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = placed.body as { id: string; number: string };
  expect((await store.post(`/api/admin/orders/${order.id}/deliverables/1/assign`, { writerId: writer.id }, { token: manager.token })).status).toBe(200);
  expect((await store.post(`/api/admin/orders/${order.id}/deliverables/1/start`, undefined, { token: writer.token })).status).toBe(200);
  expect((await store.post(`/api/admin/orders/${order.id}/ask`, { message: "Which city?" }, { token: writer.token })).status).toBe(200);
  clock.advance(1_000);
  expect((await store.post(`/api/orders/${order.number}/messages`, { body: "Madrid." }, { token: buyer.token })).status).toBe(200);
  return order;
}

const deactivate = async (who: TestCustomer, handTo?: TestCustomer) => {
  const answer = await store.post(`/api/admin/staff/${who.id}/deactivate`, handTo ? { handTo: handTo.id } : {}, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

describe("a hand-over takes the unread notifications about the work along", () => {
  it("to the colleague given the work, with its first date; what the leaver had read stays theirs", async () => {
    const [leaving, taking] = await Promise.all([staffMember(store, "writer"), staffMember(store, "writer")]);
    const unread = await answeredWork(leaving);
    const read = await answeredWork(leaving);
    const [told] = (await list(leaving)).filter((item) => item.orderNumber === unread.number);
    const [seen] = (await list(leaving)).filter((item) => item.orderNumber === read.number);
    expect((await store.post(`/api/admin/notifications/${seen?.id}/read`, undefined, { token: leaving.token })).status).toBe(200);
    clock.advance(60_000);

    await deactivate(leaving, taking);

    expect(await about(taking, unread.number)).toEqual(["answer"]);
    expect((await list(taking)).find((item) => item.orderNumber === unread.number)).toMatchObject({ createdAt: told?.createdAt, deliverable: 1, readAt: null });
    expect(await about(leaving, unread.number)).toEqual([]);
    expect(await about(taking, read.number)).toEqual([]);
    expect(await about(leaving, read.number)).toEqual(["answer (read)"]);
    expect((await store.call("/api/admin/notifications/count", { token: taking.token })).body).toEqual({ unread: 1 });
  });

  it("to managers and admins when the work goes back to the pool, each once, as they choose", async () => {
    const leaving = await staffMember(store, "writer");
    const quiet = await staffMember(store, "manager");
    const kinds = { newWork: "digest", answer: "off", atRisk: "digest", revision: "centre", ticket: "centre" } as const;
    expect((await store.call("/api/admin/notifications/settings", { method: "PUT", body: { kinds, frequency: "daily", locale: "en" }, token: quiet.token })).status).toBe(200);
    const order = await answeredWork(leaving);
    expect(await about(manager, order.number)).toEqual(["newWork"]);

    await deactivate(leaving);

    expect(await about(manager, order.number)).toEqual(["answer", "newWork"]);
    expect(await about(admin, order.number)).toEqual(["answer", "newWork"]);
    // Answers are off for this manager: the pool's answer is not written for them either.
    expect(await about(quiet, order.number)).toEqual(["newWork"]);
    expect(await about(leaving, order.number)).toEqual([]);
  });
});
