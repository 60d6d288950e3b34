import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, NotificationSettings } from "../../../contract/notifications";
import { DAY_MS, manualClock } from "../../platform/clock";
import { articleBrief, customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";

// Issue 26, point 11: nobody was told about new work. New orders, customers' answers, revisions and work at risk now
// reach the staff allowed to see that work, in the back office's notification centre.
const clock = manualClock("2026-01-05T09:30:00.000Z");
let store: TestStore;
let buyer: TestCustomer, manager: TestCustomer, admin: TestCustomer, writer: TestCustomer, colleague: TestCustomer;

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  buyer = await customer(store, { currency: "EUR", minor: 5_000_000 });
  [manager, admin, writer, colleague] = await Promise.all([
    staffMember(store, "manager"), staffMember(store, "admin"), staffMember(store, "writer"), staffMember(store, "writer"),
  ]);
});
afterAll(() => store.close());

const place = async () => {
  const answer = await store.post("/api/orders", orderBody([{ productId: "article-forge", brief: articleBrief }]), { token: buyer.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: string; number: string };
};
const assign = async (id: string, who: TestCustomer) =>
  expect((await store.post(`/api/admin/orders/${id}/deliverables/1/assign`, { writerId: who.id }, { token: manager.token })).status).toBe(200);
const write = async (number: string, body: string) => {
  clock.advance(1_000);
  return expect((await store.post(`/api/orders/${number}/messages`, { body }, { token: buyer.token })).status).toBe(200);
};
const list = async (who: TestCustomer): Promise<{ items: Notification[]; unread: number }> => {
  const answer = await store.call("/api/admin/notifications", { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const about = async (who: TestCustomer, number: string) => (await list(who)).items.filter((item) => item.orderNumber === number).map((item) => item.kind);

describe("who is told, in the transaction of the fact", () => {
  it("a new order tells managers and admins, never writers", async () => {
    const order = await place();
    expect(await about(manager, order.number)).toEqual(["newWork"]);
    expect(await about(admin, order.number)).toEqual(["newWork"]);
    expect(await about(writer, order.number)).toEqual([]);
    const [item] = (await list(manager)).items;
    expect(item).toMatchObject({ kind: "newWork", orderNumber: order.number, readAt: null, deliverable: null });
  });

  it("a customer's message on unassigned work reaches managers and admins", async () => {
    const order = await place();
    await write(order.number, "Can you add a section on taxes?");
    expect(await about(manager, order.number)).toEqual(["answer", "newWork"]);
    expect(await about(admin, order.number)).toEqual(["answer", "newWork"]);
    expect(await about(writer, order.number)).toEqual([]);
  });

  it("an answer on a writer's work reaches only that writer; a colleague neither sees nor marks it", async () => {
    const order = await place();
    await assign(order.id, writer);
    expect((await store.post(`/api/admin/orders/${order.id}/deliverables/1/start`, undefined, { token: writer.token })).status).toBe(200);
    expect((await store.post(`/api/admin/orders/${order.id}/ask`, { message: "Which city?" }, { token: writer.token })).status).toBe(200);
    await write(order.number, "Madrid.");
    expect(await about(writer, order.number)).toEqual(["answer"]);
    expect(await about(manager, order.number)).toEqual(["newWork"]);
    expect(await about(colleague, order.number)).toEqual([]);
    const [mine] = (await list(writer)).items;
    expect(mine).toMatchObject({ kind: "answer", orderNumber: order.number, deliverable: 1, productId: "article-forge" });
    expect((await store.post(`/api/admin/notifications/${mine?.id}/read`, undefined, { token: colleague.token })).status).toBe(404);
    expect((await list(writer)).items[0]?.readAt).toBeNull();
  });

  it("a revision request tells the writer", async () => {
    const order = await place();
    await assign(order.id, writer);
    await store.post(`/api/admin/orders/${order.id}/deliverables/1/start`, undefined, { token: writer.token });
    const delivered = await store.post(`/api/admin/orders/${order.id}/deliver`, { note: "", files: [{ fileName: "a.md", contentBase64: Buffer.from("x").toString("base64") }] }, { token: writer.token });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect((await store.post(`/api/orders/${order.id}/revision`, { changes: "Shorter" }, { token: buyer.token })).status).toBe(200);
    expect(await about(writer, order.number)).toEqual(["revision"]);
    expect(await about(colleague, order.number)).toEqual([]);
  });

  it("marks one read, then all; the count follows; customers and visitors are refused", async () => {
    const before = await list(manager);
    expect(before.unread).toBeGreaterThan(1);
    const first = before.items[0] as Notification;
    const read = await store.post(`/api/admin/notifications/${first.id}/read`, undefined, { token: manager.token });
    expect(read.body).toEqual({ unread: before.unread - 1 });
    expect((await store.call("/api/admin/notifications/count", { token: manager.token })).body).toEqual({ unread: before.unread - 1 });
    expect((await list(manager)).items[0]?.readAt).toEqual(expect.any(String));
    expect((await store.post("/api/admin/notifications/read-all", undefined, { token: manager.token })).body).toEqual({ unread: 0 });
    expect((await list(manager)).items.every((item) => item.readAt)).toBe(true);
    expect((await store.call("/api/admin/notifications/count", { token: admin.token })).body.unread).toBeGreaterThan(0);
    expect((await store.call("/api/admin/notifications", { token: buyer.token })).status).toBe(403);
    expect((await store.call("/api/admin/notifications")).status).toBe(401);
  });
});

describe("tickets", () => {
  it("a ticket assigned to someone tells them (not the one who took it themselves), linking to it by its number", async () => {
    const { id } = await store.services.support.createTicket({ email: "lucia@example.com", description: "Where is my invoice?" }, "es");
    expect((await store.post(`/api/admin/support/tickets/${id}/assign`, { staffId: manager.id }, { token: admin.token })).status).toBe(200);
    const [told] = (await list(manager)).items.filter((item) => item.ticketId === id);
    expect(told).toMatchObject({ kind: "ticket", ticketReference: expect.stringMatching(/^T-[0-9A-F]{8}$/), orderNumber: null });
    expect((await store.post(`/api/admin/support/tickets/${id}/assign`, { staffId: admin.id }, { token: admin.token })).status).toBe(200);
    expect((await list(admin)).items.filter((item) => item.ticketId === id)).toEqual([]);
  });
});

describe("work at risk", () => {
  it("is told once per deliverable, a day before it is due, however often the due date moves", async () => {
    const order = await place();
    await assign(order.id, colleague);
    // article-forge: 3 business days from a Monday morning, due on Thursday 09:30; at risk from Wednesday 09:30.
    await store.services.jobs.runDue();
    expect(await about(colleague, order.number)).toEqual([]);
    clock.set(new Date("2026-01-07T10:00:00.000Z"));
    await store.services.jobs.runDue();
    expect(await about(colleague, order.number)).toEqual(["atRisk"]);
    expect(await about(writer, order.number)).toEqual([]);
    // A question and its answer move the due date: another check runs, and says nothing new.
    await store.post(`/api/admin/orders/${order.id}/deliverables/1/start`, undefined, { token: colleague.token });
    await store.post(`/api/admin/orders/${order.id}/ask`, { message: "Which city?" }, { token: colleague.token });
    clock.advance(60 * 60_000);
    await write(order.number, "Madrid.");
    clock.advance(DAY_MS);
    await store.services.jobs.runDue();
    expect(await about(colleague, order.number)).toEqual(["answer", "atRisk"]);
  });
});

describe("the mail digest", () => {
  const settings = (who: TestCustomer, body: NotificationSettings) => store.call("/api/admin/notifications/settings", { method: "PUT", body, token: who.token });
  const digests = async (who: TestCustomer) =>
    (await store.services.mail.list({ to: who.email })).filter((mail) => /unread notifications|notificaciones sin leer/.test(mail.subject));

  it("goes to each person once per period they chose, of the kinds they chose, in their language", async () => {
    const [hourly, daily, never] = await Promise.all([staffMember(store, "manager"), staffMember(store, "admin"), staffMember(store, "manager")]);
    const kinds = { newWork: "digest", answer: "digest", atRisk: "digest", revision: "centre", ticket: "centre" } as const;
    expect((await settings(hourly, { kinds: { ...kinds, answer: "off" }, frequency: "hourly", locale: "es" })).status).toBe(200);
    expect((await settings(never, { kinds, frequency: "never", locale: "en" })).status).toBe(200);
    expect((await settings(never, { kinds, frequency: "weekly" } as never)).status).toBe(400);
    expect((await store.call("/api/admin/notifications/settings", { token: daily.token })).body).toMatchObject({ frequency: "daily", kinds: { newWork: "digest" } });
    await store.services.jobs.runDue();
    await store.services.mail.list();
    const [startHourly, startDaily] = [(await digests(hourly)).length, (await digests(daily)).length];

    const order = await place();
    await write(order.number, "One more thing");
    // The customer's message is off for `hourly`: not even in the centre.
    expect(await about(hourly, order.number)).toEqual(["newWork"]);
    expect(await about(daily, order.number)).toEqual(["answer", "newWork"]);
    clock.advance(60 * 60_000);
    await store.services.jobs.runDue();
    await store.services.jobs.runDue();
    const sent = await digests(hourly);
    expect(sent).toHaveLength(startHourly + 1);
    expect(sent[0]?.subject).toBe("Administración: 1 notificaciones sin leer");
    expect(sent[0]?.text).toContain(order.number);
    expect(sent[0]?.text).toContain("Pedido nuevo esperando redactor");
    expect(await digests(never)).toHaveLength(0);

    // A second order in the same hour waits for the next hour's digest.
    const second = await place();
    await store.services.jobs.runDue();
    expect(await digests(hourly)).toHaveLength(startHourly + 1);
    clock.advance(60 * 60_000);
    await store.services.jobs.runDue();
    const again = await digests(hourly);
    expect(again).toHaveLength(startHourly + 2);
    expect(again[0]?.text).toContain(second.number);
    // The daily digest went out once today (at the first run with something to say), whatever the number of runs.
    const daysDigests = (await digests(daily)).length - startDaily;
    expect(daysDigests).toBe(1);
    clock.advance(60 * 60_000);
    await place();
    await store.services.jobs.runDue();
    expect((await digests(daily)).length - startDaily).toBe(daysDigests);
    clock.advance(DAY_MS);
    await store.services.jobs.runDue();
    expect((await digests(daily)).length - startDaily).toBe(daysDigests + 1);
    expect((await digests(daily)).at(0)?.subject).toMatch(/^Back office: \d+ unread notifications$/);
  });
});
