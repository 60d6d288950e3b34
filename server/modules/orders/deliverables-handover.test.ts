import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { auditRows } from "../../test/audit-rows";
import { articleBrief, customer, orderBody, seoBrief, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";

// Issue 26, points 1 and 2: a leaving writer's open work is handed over with the deactivation, the queue shows work
// a deactivated writer still holds, and managers move many deliverables at once, row by row.
const clock = manualClock("2026-11-23T09:00:00.000Z");
let store: TestStore;
/** The customer who orders every piece of work here, and the staff who run the back office. */
let buyer: TestCustomer, admin: TestCustomer, manager: TestCustomer;

beforeAll(async () => {
  store = await startTestStore({}, { clock, listen: true });
  [buyer, admin, manager] = await Promise.all([customer(store, { currency: "EUR", minor: 5_000_000 }), staffMember(store, "admin"), staffMember(store, "manager")]);
});
afterAll(() => store.close());

type Row = { number: string; deliverable: number; writer: { id: string; name: string; active: boolean } | null };
const TWO = [
  { productId: "article-forge" as const, brief: articleBrief },
  { productId: "seo-layer" as const, brief: seoBrief },
];
const place = async (items: Parameters<typeof orderBody>[0] = [{ productId: "article-forge", brief: articleBrief }]) => {
  const answer = await store.post("/api/orders", orderBody(items), { token: buyer.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: string; number: string };
};
const assign = async (id: string, n: number, who: TestCustomer, start = false) => {
  expect((await store.post(`/api/admin/orders/${id}/deliverables/${n}/assign`, { writerId: who.id }, { token: manager.token })).status).toBe(200);
  if (start) expect((await store.post(`/api/admin/orders/${id}/deliverables/${n}/start`, undefined, { token: who.token })).status).toBe(200);
};
const queue = async (filter: string): Promise<Row[]> => {
  const answer = await store.call(`/api/admin/orders?limit=200&${filter}`, { token: manager.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.orders;
};
const keys = (rows: Row[]) => rows.map((row) => `${row.number}:${row.deliverable}`).sort();
const openWork = async (who: TestCustomer) => (await store.call(`/api/admin/staff/${who.id}/open-work`, { token: admin.token })).body;
const active = async (who: TestCustomer) =>
  (await store.call("/api/admin/staff", { token: admin.token })).body.members.find((member: { id: string }) => member.id === who.id).deactivatedAt === null;

describe("deactivating a writer hands their open work over", () => {
  it("names the open deliverables, then gives every one to the chosen colleague in the deactivation, each audited", async () => {
    const [leaving, taking] = await Promise.all([staffMember(store, "writer"), staffMember(store, "writer")]);
    const one = await place();
    const two = await place(TWO);
    await assign(one.id, 1, leaving, true);
    await assign(two.id, 1, leaving);
    await assign(two.id, 2, leaving, true);

    const before = await openWork(leaving);
    expect(before.count).toBe(3);
    expect(before.deliverables.map((item: { number: string; n: number }) => `${item.number}:${item.n}`).sort()).toEqual([`${one.number}:1`, `${two.number}:1`, `${two.number}:2`].sort());
    expect(before.deliverables[0]).toMatchObject({ service: expect.any(String), status: expect.any(String), dueAt: expect.any(String) });

    const deactivated = await store.post(`/api/admin/staff/${leaving.id}/deactivate`, { handTo: taking.id }, { token: admin.token });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(deactivated.body).toMatchObject({ id: leaving.id, deactivatedAt: expect.any(String), handedOver: 3, handedTo: taking.id });
    expect((await openWork(leaving)).count).toBe(0);
    expect((await openWork(taking)).count).toBe(3);
    const rows = (await queue(`writer=${taking.id}`)).filter((row) => [one.number, two.number].includes(row.number));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.writer?.active)).toBe(true);

    const audited = (await auditRows(store, two.id)).filter((row) => row.action === "order.hand_over");
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ actorId: admin.id, before: { assignedTo: leaving.id }, after: { assignedTo: taking.id, from: leaving.id } });
    expect((await auditRows(store, leaving.id)).map((row) => row.action)).toContain("staff.deactivate");
    const timeline = (await store.call(`/api/admin/orders/${one.id}`, { token: manager.token })).body.staffEvents;
    expect(timeline.filter((event: { kind: string }) => event.kind === "assigned")).toHaveLength(2);
  });

  it("hands to the pool by default; a colleague who cannot take it refuses the whole deactivation", async () => {
    const [leaving, gone] = await Promise.all([staffMember(store, "writer"), staffMember(store, "writer")]);
    expect((await store.post(`/api/admin/staff/${gone.id}/deactivate`, {}, { token: admin.token })).status).toBe(200);
    const order = await place();
    await assign(order.id, 1, leaving, true);

    const refused = await store.post(`/api/admin/staff/${leaving.id}/deactivate`, { handTo: gone.id }, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.handTo).toEqual(["Choose an active colleague to hand the work to."]);
    const toSelf = await store.post(`/api/admin/staff/${leaving.id}/deactivate`, { handTo: leaving.id }, { token: admin.token });
    expect(toSelf.status).toBe(400);
    // Nothing happened: still active, still holding the work.
    expect(await active(leaving)).toBe(true);
    expect((await openWork(leaving)).count).toBe(1);

    const pooled = await store.post(`/api/admin/staff/${leaving.id}/deactivate`, undefined, { token: admin.token });
    expect(pooled.status, JSON.stringify(pooled.body)).toBe(200);
    expect(pooled.body).toMatchObject({ handedOver: 1, handedTo: null });
    expect(keys(await queue("writer=none"))).toContain(`${order.number}:1`);
    expect((await auditRows(store, order.id)).find((row) => row.action === "order.hand_over")).toMatchObject({ after: { assignedTo: null } });
  });

  it("flags work a deactivated writer still holds, filters it, and mails a revision request on it to the staff address", async () => {
    const [writer, managerOnly] = await Promise.all([staffMember(store, "writer"), staffMember(store, "writer")]);
    const order = await place();
    await assign(order.id, 1, writer, true);
    const form = new FormData();
    form.append("files", new Blob(["the article"]), "article.txt");
    const delivered = await fetch(`${store.url}/api/admin/orders/${order.id}/deliverables/1/versions`, { method: "POST", body: form, headers: { authorization: `Bearer ${writer.token}` } });
    expect(delivered.status).toBe(200);
    // Deactivated before hand-overs existed (or outside the back office): the work still names them.
    const at = clock.now().toISOString();
    await store.db.kysely.insertInto("staff_accounts").values({ user_id: writer.id, totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null, deactivated_at: at, updated_at: at }).execute();

    const flagged = (await queue(`q=${order.number}`))[0];
    expect(flagged?.writer).toMatchObject({ id: writer.id, active: false });
    expect(keys(await queue("writer=inactive"))).toContain(`${order.number}:1`);
    expect(keys(await queue("writer=inactive"))).not.toContain(`${(await place()).number}:1`);
    await assign((await place()).id, 1, managerOnly);
    expect((await queue("writer=inactive")).every((row) => row.writer && !row.writer.active)).toBe(true);

    const revision = await store.post(`/api/orders/${order.number}/deliverables/1/revision`, { changes: "Shorter intro, please" }, { token: buyer.token });
    expect(revision.status, JSON.stringify(revision.body)).toBe(200);
    const toWriter = await store.services.mail.list({ to: writer.email });
    const toStaff = await store.services.mail.list({ to: store.config.SUPPORT_EMAIL });
    expect(toWriter.filter((mail) => /revision/i.test(mail.subject))).toEqual([]);
    expect(toStaff.filter((mail) => mail.subject.includes(order.number) && /revision/i.test(mail.subject))).toHaveLength(1);
  });
});

describe("deactivating a member of staff hands their open tickets over", () => {
  it("hands the leaver's open tickets to the colleague, or back to the inbox, each audited; closed ones stay", async () => {
    const [leaving, taking, other] = await Promise.all([staffMember(store, "writer"), staffMember(store, "writer"), staffMember(store, "writer")]);
    const ticket = async (email: string) => (await store.services.support.createTicket({ email, description: "About my article, please." }, "en")).id;
    const [open, closed, otherOpen] = await Promise.all([ticket("handed@example.com"), ticket("closed@example.com"), ticket("pooled@example.com")]);
    for (const [id, who] of [[open, leaving], [closed, leaving], [otherOpen, other]] as const)
      expect((await store.post(`/api/admin/support/tickets/${id}/assign`, { staffId: who.id }, { token: manager.token })).status).toBe(200);
    expect((await store.post(`/api/admin/support/tickets/${closed}/close`, undefined, { token: leaving.token })).status).toBe(200);
    const assignee = async (id: string) => (await store.call(`/api/admin/support/tickets/${id}`, { token: manager.token })).body.assignee?.id ?? null;

    expect((await store.post(`/api/admin/staff/${leaving.id}/deactivate`, { handTo: taking.id }, { token: admin.token })).status).toBe(200);
    expect(await assignee(open)).toBe(taking.id);
    expect(await assignee(closed)).toBe(leaving.id);
    expect((await auditRows(store, open)).find((row) => row.action === "ticket.assign" && row.actorId === admin.id)).toMatchObject({
      before: { assignedTo: leaving.id },
      after: { assignedTo: taking.id },
    });
    expect((await store.call("/api/admin/support/tickets?status=all", { token: taking.token })).body.items.map((item: { id: string }) => item.id)).toContain(open);

    expect((await store.post(`/api/admin/staff/${other.id}/deactivate`, undefined, { token: admin.token })).status).toBe(200);
    expect(await assignee(otherOpen)).toBeNull();
  });
});

describe("bulk actions on the queue", () => {
  it("assigns several deliverables at once, answering each row; one failure loses none of the others", async () => {
    const writer = await staffMember(store, "writer");
    const a = await place(TWO);
    const b = await place();
    const closed = await place();
    expect((await store.post(`/api/orders/${closed.id}/cancel`, undefined, { token: buyer.token })).status).toBe(200);
    const body = {
      writerId: writer.id,
      deliverables: [
        { order: a.number, n: 1 },
        { order: a.id, n: 2 },
        { order: closed.number, n: 1 },
        { order: "SC-999999", n: 1 },
        { order: b.number, n: 1 },
      ],
    };
    const answer = await store.post("/api/admin/deliverables/bulk-assign", body, { token: manager.token, headers: { "accept-language": "es" } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ assigned: 3, failed: 2 });
    expect(answer.body.results.map((row: { ok: boolean; status: number }) => [row.ok, row.status])).toEqual([[true, 200], [true, 200], [false, 409], [false, 404], [true, 200]]);
    expect(answer.body.results[1]).toMatchObject({ order: a.id, number: a.number, n: 2 });
    expect(answer.body.results[2].error).toMatch(/cancel/i);
    expect(answer.body.results[3]).toMatchObject({ number: null, error: expect.any(String) });
    expect(keys(await queue(`writer=${writer.id}`))).toEqual([`${a.number}:1`, `${a.number}:2`, `${b.number}:1`].sort());
    expect((await auditRows(store, a.id)).filter((row) => row.action === "order.assign")).toHaveLength(2);

    const pooled = await store.post("/api/admin/deliverables/bulk-assign", { writerId: null, deliverables: [{ order: a.number, n: 2 }] }, { token: manager.token });
    expect(pooled.body).toMatchObject({ assigned: 1, failed: 0 });
    expect(keys(await queue(`writer=${writer.id}`))).toEqual([`${a.number}:1`, `${b.number}:1`].sort());
  });

  it("refuses a colleague who cannot take work, an empty or oversized list, and anyone below manager", async () => {
    const [writer, gone] = await Promise.all([staffMember(store, "writer"), staffMember(store, "writer")]);
    expect((await store.post(`/api/admin/staff/${gone.id}/deactivate`, {}, { token: admin.token })).status).toBe(200);
    const order = await place();
    const to = (writerId: string | null, deliverables: unknown[], token = manager.token) => store.post("/api/admin/deliverables/bulk-assign", { writerId, deliverables }, { token });
    const inactive = await to(gone.id, [{ order: order.number, n: 1 }]);
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors.writerId).toEqual(["Choose an active colleague to hand the work to."]);
    expect((await to(writer.id, [])).status).toBe(400);
    expect((await to(writer.id, Array.from({ length: 201 }, () => ({ order: order.number, n: 1 })))).status).toBe(400);
    expect((await to(writer.id, [{ order: order.number, n: 1 }], writer.token)).status).toBe(403);
    expect((await to(writer.id, [{ order: order.number, n: 1 }], buyer.token)).status).toBe(403);
    expect(keys(await queue("writer=none"))).toContain(`${order.number}:1`);
  });

  it("is documented in the OpenAPI description from its schemas", async () => {
    const docs = (await store.call("/api/docs/json")).body;
    const bulk = docs.paths["/api/admin/deliverables/bulk-assign"].post;
    expect(Object.keys(bulk.requestBody.content["application/json"].schema.properties).sort()).toEqual(["deliverables", "writerId"]);
    expect(bulk.requestBody.content["application/json"].schema.properties.deliverables.maxItems).toBe(200);
    expect(Object.keys(bulk.responses["200"].content["application/json"].schema.properties).sort()).toEqual(["assigned", "failed", "results"]);
    expect(docs.paths["/api/admin/staff/{id}/open-work"].get.responses["200"]).toBeDefined();
    expect(docs.paths["/api/admin/staff/{id}/deactivate"].post.requestBody.content["application/json"].schema.properties.handTo).toBeDefined();
    expect(docs.paths["/api/admin/orders.csv"].get.parameters.map((parameter: { name: string }) => parameter.name)).toContain("selected");
  });

  it("exports only the selected rows as CSV, audited with the rows it names", async () => {
    const a = await place(TWO);
    const b = await place();
    const selected = `${a.number}:2,${b.number}:1`;
    const csv = await store.call(`/api/admin/orders.csv?selected=${selected}`, { token: manager.token });
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).trim().split("\n").slice(1);
    expect(lines.map((line) => line.split(",")[0]).sort()).toEqual([a.number, b.number]);
    expect(lines.find((line) => line.startsWith(a.number))).toContain(",2,seo-layer");
    const exported = (await auditRows(store, "orders-csv")).at(-1);
    expect(exported).toMatchObject({ action: "order.export", after: { rows: 2, filters: { selected: [{ number: a.number, n: 2 }, { number: b.number, n: 1 }] } } });
    expect((await store.call("/api/admin/orders.csv?selected=SC-1:1;drop", { token: manager.token })).status).toBe(400);
  });
});
