import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

// Issue 26, point 8: the audit log names what it is about (an order's number, a customer's name, a ticket's number),
// who did it and whom a change names, and offers its actors, actions and kinds of subject as filters.
let store: TestStore;
let admin: TestCustomer;
let manager: TestCustomer;
let writer: TestCustomer;
let buyer: TestCustomer;
let order: { id: string; number: string };

const name = (who: TestCustomer, first: string, last: string) =>
  store.db.kysely.updateTable("users").set({ first_name: first, last_name: last }).where("id", "=", who.id).execute();
const log = async (query: string) => {
  const answer = await store.call(`/api/admin/audit?${query}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as Array<Record<string, any>>;
};

beforeAll(async () => {
  store = await startTestStore();
  buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
  [admin, manager, writer] = await Promise.all([staffMember(store, "admin"), staffMember(store, "manager"), staffMember(store, "writer")]);
  await Promise.all([name(manager, "Mona", "Manager"), name(writer, "Wanda", "Writer"), name(buyer, "Clara", "Cliente")]);
  order = (await store.post("/api/orders", orderBody(), { token: buyer.token })).body;
  expect((await store.post(`/api/admin/orders/${order.id}/deliverables/1/assign`, { writerId: writer.id }, { token: manager.token })).status).toBe(200);
  const cancelled = await store.post(`/api/admin/orders/${order.id}/deliverables/1/cancel`, { reason: "Brief changed", refund: 100 }, { token: manager.token });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  expect((await store.post(`/api/admin/customers/${buyer.id}/block`, { reason: "Chargebacks" }, { token: manager.token })).status).toBe(200);
  await store.services.audit.record({ actor: { id: manager.id, role: "manager" }, action: "ticket.close", subject: { type: "support_ticket", id: "5a8e837d-1111-4222-8333-444455556666" } });
});
afterAll(() => store?.close());

describe("the audit log as people read it (issue 26, point 8)", () => {
  it("names the order by its number, the actor by name, and keeps the amount and currency of a refund with the raw change", async () => {
    const [refund] = await log(`subjectType=order&subjectId=${order.id}&action=order.cancel`);
    expect(refund).toMatchObject({
      actorName: "Mona Manager",
      actorEmail: manager.email,
      subjectLabel: order.number,
      subjectId: order.id,
      after: { status: "cancelled", refund: 10_000, currency: "EUR", deliverable: 1 },
      before: expect.objectContaining({ status: "paid" }),
    });
  });

  it("names the writer an order was given to, the customer blocked and the ticket closed", async () => {
    const [assigned] = await log("action=order.assign");
    expect(assigned!.after.assignedTo).toBe(writer.id);
    expect(assigned!.names).toEqual({ [writer.id]: "Wanda Writer" });
    const [blocked] = await log(`action=customer.block&actor=${manager.id}`);
    expect(blocked).toMatchObject({ subjectType: "customer", subjectId: buyer.id, subjectLabel: "Clara Cliente" });
    const [closed] = await log("subjectType=support_ticket");
    expect(closed).toMatchObject({ subjectLabel: "T-5A8E837D", actorName: "Mona Manager" });
  });

  it("offers its actors by name, its actions and its kinds of subject as the filters' choices (admin only)", async () => {
    const facets = await store.call("/api/admin/audit/facets", { token: admin.token });
    expect(facets.status).toBe(200);
    expect(facets.body.actors).toContainEqual({ id: manager.id, name: "Mona Manager", email: manager.email });
    expect(facets.body.actions).toEqual(expect.arrayContaining(["customer.block", "order.assign", "order.cancel", "ticket.close"]));
    expect(facets.body.actions).toEqual([...facets.body.actions].sort());
    expect(facets.body.subjectTypes).toEqual(expect.arrayContaining(["customer", "order", "support_ticket"]));
    expect((await store.call("/api/admin/audit/facets", { token: manager.token })).status).toBe(403);
    expect((await store.call("/api/admin/audit/facets", { token: writer.token })).status).toBe(403);
  });

  it("leaves a subject it cannot name unnamed instead of failing", async () => {
    await store.services.audit.record({ actor: { id: null, role: "system" }, action: "order.start", subject: { type: "order", id: randomUUID() } });
    const [unknown] = await log("action=order.start");
    expect(unknown).toMatchObject({ subjectLabel: null, actorName: null, actorEmail: null, names: {} });
  });
});
