import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

/**
 * The order-access policy (order-access.ts, docs/decisions/0046-order-access-policy.md) as a writer meets it on every
 * surface: the order page, the moves, the thread's files, the queue, the dashboard and the CSV export.
 */
const clock = manualClock(new Date());
let store: TestStore;
let buyer: TestCustomer;
let manager: TestCustomer;
let writer: TestCustomer;
let otherWriter: TestCustomer;

beforeAll(async () => {
  store = await startTestStore({}, { clock, listen: true });
  buyer = await customer(store, { currency: "EUR", minor: 10_000_000 });
  await store.db.kysely.updateTable("users").set({ first_name: "Sofía", last_name: "Ortega" }).where("id", "=", buyer.id).execute();
  manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
  otherWriter = await staffMember(store, "writer");
});
afterAll(() => store.close());

const b64 = (text: string) => Buffer.from(text).toString("base64");
const admin = (path: string, who: TestCustomer, body?: unknown) => store.post(`/api/admin/orders/${path}`, body, { token: who.token });

/** A paid order with a message from the customer carrying an attachment; its id, number and the attachment's id. */
async function placed(who: TestCustomer = buyer) {
  const { body } = await store.post("/api/orders", orderBody(), { token: who.token });
  await store.post(`/api/orders/${body.id}/messages`, { body: "My street is Calle Mayor 1", attachments: [{ fileName: "notes.txt", contentBase64: b64("notes") }] }, { token: who.token });
  const page = await store.call(`/api/orders/${body.id}`, { token: who.token });
  return { id: body.id as string, number: body.number as string, fileId: page.body.messages[0].attachments[0].id as string };
}

async function assignTo(orderId: string, member: TestCustomer) {
  expect((await admin(`${orderId}/assign`, manager, { writerId: member.id })).status).toBe(200);
}

describe("a writer's assigned order", () => {
  it("shows brief, thread, files, status and due date, the customer's first name, never the e-mail or billing details", async () => {
    const order = await placed();
    await assignTo(order.id, writer);
    const page = await store.call(`/api/admin/orders/${order.number}`, { token: writer.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ access: "work", status: "paid", customer: { id: null, email: null, name: "Sofía" }, billing: null });
    expect(page.body.items[0].brief.topic).toBeTruthy();
    expect(page.body.dueAt).toBeTruthy();
    expect(page.body.messages.map((message: { body: string }) => message.body)).toEqual(["My street is Calle Mayor 1"]);
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(buyer.email);
    expect(text).not.toContain("Ortega");
    expect(text).not.toContain("ada@example.test");
    expect(text).not.toContain("28013");
    expect((await store.call(`/api/orders/${order.id}/files/${order.fileId}`, { token: writer.token })).status).toBe(200);
    // Managers still see everything.
    const managers = await store.call(`/api/admin/orders/${order.number}`, { token: manager.token });
    expect(managers.body).toMatchObject({ access: "full", customer: { id: buyer.id, email: buyer.email, name: "Sofía Ortega" }, billing: { zipCode: "28013" } });
  });
});

describe("the pool", () => {
  it("shows a writer an unassigned paid order's brief alone; they may take it, and nothing else until they have", async () => {
    const order = await placed();
    const page = await store.call(`/api/admin/orders/${order.id}`, { token: writer.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ access: "pool", customer: null, billing: null, messages: [], versions: [], events: [], staffEvents: [], staffActions: ["take"] });
    expect(page.body.items[0].brief.topic).toBeTruthy();
    const mailsBefore = (await store.services.mail.list({ to: buyer.email })).length;
    for (const [path, body] of [["messages", { body: "Hello" }], ["ask", { message: "Which city?" }], ["deliver", { files: [{ fileName: "a.txt", contentBase64: b64("x") }] }], ["cancel", { reason: "x" }]] as const) {
      const refused = await admin(`${order.id}/${path}`, writer, body);
      expect({ path, status: refused.status }).toEqual({ path, status: 404 });
    }
    expect((await store.call(`/api/orders/${order.id}`, { token: writer.token })).status).toBe(404);
    expect((await store.call(`/api/orders/${order.id}/files/${order.fileId}`, { token: writer.token })).status).toBe(404);
    expect((await store.services.mail.list({ to: buyer.email })).length).toBe(mailsBefore);
    expect((await store.services.orders.find(order.id))?.status).toBe("paid");

    const taken = await admin(`${order.id}/take`, writer);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ id: order.id, number: order.number, status: "paid" });
    const mine = await store.call(`/api/admin/orders/${order.id}`, { token: writer.token });
    expect(mine.body).toMatchObject({ access: "work", writer: { id: writer.id }, staffActions: ["start", "ask", "message", "note"] });
    const audit = await store.db.kysely.selectFrom("audit_log").selectAll().where("subject_id", "=", order.id).where("action", "=", "order.take").execute();
    expect(audit.map((row) => row.actor_id)).toEqual([writer.id]);
  });

  it("two writers taking the same item at once: one wins, the other gets 409; later takers 409 too, and it leaves the pool", async () => {
    const order = await placed();
    const answers = await Promise.all([admin(`${order.id}/take`, writer), admin(`${order.id}/take`, otherWriter)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers[0]!.status === 409 ? answers[0]! : answers[1]!;
    expect(loser.body.detail).toBe("Someone else has already taken this order.");
    const winner = answers[0]!.status === 200 ? writer : otherWriter;
    const other = winner === writer ? otherWriter : writer;
    expect((await store.services.orders.find(order.id))?.assigned_to).toBe(winner.id);
    expect((await admin(`${order.id}/take`, other)).status).toBe(409);
    expect((await admin(`${order.id}/start`, other)).status).toBe(404);
    expect((await store.call(`/api/admin/orders/${order.id}`, { token: other.token })).status).toBe(404);
    expect((await admin("00000000-0000-4000-8000-000000000000/take", other)).status).toBe(404);
  });
});

describe("every surface agrees for a writer", () => {
  it("the order page, the moves, the files, the queue and the dashboard show the same orders; the CSV export is refused", async () => {
    const fresh = await customer(store, { currency: "EUR", minor: 10_000_000 });
    const assigned = await placed(fresh);
    await assignTo(assigned.id, writer);
    expect((await admin(`${assigned.id}/start`, writer)).status).toBe(200);
    expect((await admin(`${assigned.id}/deliver`, writer, { files: [{ fileName: "draft.txt", contentBase64: b64("draft") }] })).status).toBe(200);
    const pool = await placed(fresh);
    const someoneElses = await placed(fresh);
    await assignTo(someoneElses.id, otherWriter);
    const question = await placed(fresh);
    expect((await admin(`${question.id}/ask`, manager, { message: "Which city?" })).status).toBe(200);
    const cancelled = await placed(fresh);
    expect((await store.post(`/api/orders/${cancelled.id}/cancel`, undefined, { token: fresh.token })).status).toBe(200);
    const orders = { assigned, pool, someoneElses, question, cancelled };

    // What each surface shows the writer of these five orders.
    const queue = (await store.call("/api/admin/orders?limit=200", { token: writer.token })).body.orders.filter((row: { number: string }) =>
      Object.values(orders).some((order) => order.number === row.number),
    );
    const seen: Record<string, unknown> = {};
    for (const [name, order] of Object.entries(orders)) {
      const page = await store.call(`/api/admin/orders/${order.id}`, { token: writer.token });
      const file = await store.call(`/api/orders/${order.id}/files/${order.fileId}`, { token: writer.token });
      const result = await store.call(`/api/orders/${order.id}/result`, { token: writer.token });
      const note = await admin(`${order.id}/messages`, writer, { body: "note", internal: true });
      const row = queue.find((entry: { number: string }) => entry.number === order.number);
      seen[name] = { page: page.status === 200 ? page.body.access : page.status, file: file.status, result: result.status, note: note.status, queue: row ? row.access : "absent" };
    }
    expect(seen).toEqual({
      assigned: { page: "work", file: 200, result: 200, note: 200, queue: "work" },
      pool: { page: "pool", file: 404, result: 404, note: 404, queue: "pool" },
      someoneElses: { page: 404, file: 404, result: 404, note: 404, queue: "absent" },
      question: { page: 404, file: 404, result: 404, note: 404, queue: "absent" },
      cancelled: { page: 404, file: 404, result: 404, note: 404, queue: "absent" },
    });
    expect(queue.map((row: { customerEmail: string | null; customerName: string; number: string }) => [row.number, row.customerEmail, row.customerName])).toEqual(
      expect.arrayContaining([[assigned.number, null, "Ada"], [pool.number, null, ""]]),
    );

    // The dashboard counts exactly the open orders the whole queue shows the writer.
    const all = (await store.call("/api/admin/orders?limit=200", { token: writer.token })).body.orders as Array<{ status: string; customerEmail: string | null }>;
    expect(all.every((row) => row.customerEmail === null)).toBe(true);
    const dashboard = (await store.call("/api/admin/dashboard", { token: writer.token })).body;
    const count = (...statuses: string[]) => all.filter((row) => statuses.includes(row.status)).length;
    expect(dashboard.counts).toMatchObject({
      waiting: count("paid"),
      inProgress: count("in_progress", "revision_requested"),
      needsInfo: count("needs_info"),
      waitingForReview: count("delivered"),
    });

    // An e-mail is not something a writer can search by; an order number is.
    expect((await store.call(`/api/admin/orders?q=${encodeURIComponent(fresh.email)}`, { token: writer.token })).body.orders).toEqual([]);
    expect((await store.call(`/api/admin/orders?q=${assigned.number}`, { token: writer.token })).body.orders).toHaveLength(1);
    expect((await store.call(`/api/admin/orders?q=${encodeURIComponent(fresh.email)}`, { token: manager.token })).body.orders).toHaveLength(5);
    expect((await store.call("/api/admin/orders.csv", { token: writer.token })).status).toBe(403);
  });
});

describe("the CSV export", () => {
  it("neutralises cells that would start a formula, starts with a UTF-8 byte-order mark, and is audited", async () => {
    const evil = await customer(store, { currency: "USD", minor: 1_000_000 });
    await store.db.kysely.updateTable("users").set({ first_name: '=HYPERLINK("http://evil.test","x")', last_name: "" }).where("id", "=", evil.id).execute();
    const sum = await customer(store, { currency: "USD", minor: 1_000_000 });
    await store.db.kysely.updateTable("users").set({ first_name: "+SUM(1+1)", last_name: "" }).where("id", "=", sum.id).execute();
    const dash = await staffMember(store, "writer");
    await store.db.kysely.updateTable("users").set({ first_name: "-2+3", last_name: "" }).where("id", "=", dash.id).execute();
    for (const who of [evil, sum]) {
      const { body } = await store.post("/api/orders", orderBody(undefined, "USD"), { token: who.token });
      if (who === sum) await assignTo(body.id, dash);
    }
    const response = await fetch(`${store.url}/api/admin/orders.csv?currency=USD&status=paid`, { headers: { authorization: `Bearer ${manager.token}` } });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.test"",""x"")",`);
    expect(text).toContain(",'+SUM(1+1),'-2+3,");
    expect(text).not.toMatch(/,[=+\-@]/);
    const lines = text.trim().split("\n");
    expect(lines).toHaveLength(3);

    const audit = await store.db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "order.export").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: manager.id, actor_role: "manager", ip: "127.0.0.1" });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ filters: { currency: "USD", status: ["paid"], sort: "due" }, rows: 2 });
  });

  it("writes Spanish names as UTF-8 that the mark tells spreadsheet programs about", async () => {
    const response = await fetch(`${store.url}/api/admin/orders.csv?currency=EUR`, { headers: { authorization: `Bearer ${manager.token}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toContain("Sofía Ortega");
  });
});

describe("with the pool turned off (WRITER_POOL=false)", () => {
  let closed: TestStore;
  beforeAll(async () => {
    closed = await startTestStore({ WRITER_POOL: "false" }, { clock });
  });
  afterAll(() => closed.close());

  it("a writer sees and works only what a manager assigned them", async () => {
    const buyerHere = await customer(closed, { currency: "EUR", minor: 1_000_000 });
    const managerHere = await staffMember(closed, "manager");
    const writerHere = await staffMember(closed, "writer");
    const unassigned = (await closed.post("/api/orders", orderBody(), { token: buyerHere.token })).body as { id: string; number: string };
    const given = (await closed.post("/api/orders", orderBody(), { token: buyerHere.token })).body as { id: string; number: string };
    expect((await closed.post(`/api/admin/orders/${given.id}/assign`, { writerId: writerHere.id }, { token: managerHere.token })).status).toBe(200);
    const queue = await closed.call("/api/admin/orders", { token: writerHere.token });
    expect(queue.body.orders.map((row: { number: string }) => row.number)).toEqual([given.number]);
    expect((await closed.call(`/api/admin/orders/${unassigned.id}`, { token: writerHere.token })).status).toBe(404);
    expect((await closed.post(`/api/admin/orders/${unassigned.id}/take`, undefined, { token: writerHere.token })).status).toBe(404);
    expect((await closed.post(`/api/admin/orders/${unassigned.id}/start`, undefined, { token: writerHere.token })).status).toBe(404);
    expect((await closed.call("/api/admin/dashboard", { token: writerHere.token })).body.counts.waiting).toBe(1);
    expect((await closed.post(`/api/admin/orders/${given.id}/start`, undefined, { token: writerHere.token })).status).toBe(200);
  });
});
