import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { auditRows } from "../../test/audit-rows";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

const clock = manualClock("2026-03-02T10:00:00.000Z");
let store: TestStore;
let manager: TestCustomer;
let admin: TestCustomer;
let writer: TestCustomer;
beforeAll(async () => {
  store = await startTestStore({ SUPPORT_EMAIL: "help@scriptorium.test", PUBLIC_URL: "https://shop.example" }, { clock });
  manager = await staffMember(store, "manager");
  admin = await staffMember(store, "admin");
  writer = await staffMember(store, "writer");
});
afterAll(() => store.close());

/** Each call happens a second after the one before, so the thread and the audit log have a clear order. */
const post = (path: string, body: unknown, options: { token?: string } = {}) => {
  clock.advance(1000);
  return store.post(path, body, options);
};

const openTicket = async (email: string, locale: "en" | "es" = "en") =>
  (await store.services.support.createTicket({ email, description: "Where is the invoice for my last order, please?" }, locale)).id;

/** The private link of the newest reply mailed to `to`. */
async function linkMailedTo(to: string): Promise<{ token: string; text: string; subject: string }> {
  const [latest] = await store.services.mail.list({ to });
  const match = latest?.text.match(/\/support\/tickets\/([A-Za-z0-9_-]+)/);
  if (!latest || !match) throw new Error(`no link mailed to ${to}`);
  return { token: match[1]!, text: latest.text, subject: latest.subject };
}

describe("support inbox", () => {
  it("lists open tickets and shows one with its thread and the orders of the customer with that email", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    const id = await openTicket(buyer.email.toUpperCase());

    const inbox = await store.call("/api/admin/support/tickets?status=open", { token: manager.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body.items.find((item: { id: string }) => item.id === id)).toMatchObject({ status: "open", assignee: null, lastAuthor: "requester" });

    const detail = await store.call(`/api/admin/support/tickets/${id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.messages).toEqual([expect.objectContaining({ author: "requester", body: "Where is the invoice for my last order, please?" })]);
    expect(detail.body.customer).toMatchObject({ id: buyer.id, name: "Ada Lovelace", orders: [expect.objectContaining({ number: placed.body.number, total: 149 })] });
    expect(detail.body.assignees.map((member: { id: string }) => member.id)).toEqual(expect.arrayContaining([manager.id, admin.id, writer.id]));

    const found = await store.call(`/api/admin/support/tickets?q=${encodeURIComponent(buyer.email.slice(0, 12).toUpperCase())}`, { token: manager.token });
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await store.call("/api/admin/support/tickets?q=%25", { token: manager.token })).body.items).toEqual([]);
    expect((await store.call("/api/admin/support/tickets?status=closed", { token: manager.token })).body.items).toEqual([]);

    const stranger = await openTicket("nobody@example.com");
    expect((await store.call(`/api/admin/support/tickets/${stranger}`, { token: manager.token })).body.customer).toBeNull();
  });

  it("mails a reply in the requester's language with a private link where they read the thread and answer without signing in", async () => {
    const id = await openTicket("lucia@example.com", "es");
    const replied = await post(`/api/admin/support/tickets/${id}/replies`, { body: "La factura está en tu perfil." }, { token: manager.token });
    expect(replied.status).toBe(200);
    expect(replied.body.messages.map((message: { author: string }) => message.author)).toEqual(["requester", "staff"]);

    const mailed = await linkMailedTo("lucia@example.com");
    expect(mailed.subject).toBe(`Nuestra respuesta a tu mensaje (solicitud ${replied.body.reference})`);
    expect(mailed.text).toContain("La factura está en tu perfil.");
    expect(mailed.text).toContain(`https://shop.example/es/support/tickets/${mailed.token}`);
    expect(mailed.text).toContain("1 de abril de 2026");
    // Only the token's hash is stored.
    const links = await store.db.kysely.selectFrom("support_ticket_links").selectAll().where("ticket_id", "=", id).execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.token_hash).not.toBe(mailed.token);

    const thread = await store.call(`/api/support/tickets/${mailed.token}`);
    expect(thread.status).toBe(200);
    expect(thread.headers.get("cache-control")).toBe("no-store");
    expect(thread.body).toMatchObject({ id, status: "open", messages: [{ author: "requester" }, { author: "staff", staffName: "Ada", body: "La factura está en tu perfil." }] });

    await post(`/api/admin/support/tickets/${id}/close`, undefined, { token: manager.token });
    const answered = await post(`/api/support/tickets/${mailed.token}/replies`, { body: "¡Gracias, ya la tengo!" });
    expect(answered.status).toBe(200);
    expect(answered.body.status).toBe("open");
    expect(answered.body.messages.at(-1)).toMatchObject({ author: "requester", body: "¡Gracias, ya la tengo!" });
    const [notice] = await store.services.mail.list({ to: "help@scriptorium.test" });
    expect(notice?.subject).toBe(`Answer on ticket ${replied.body.reference} from lucia@example.com`);
    expect(notice?.text).toContain("https://shop.example/admin/support/" + replied.body.reference);
    const inbox = await store.call("/api/admin/support/tickets", { token: manager.token });
    expect(inbox.body.items.find((item: { id: string }) => item.id === id)).toMatchObject({ lastAuthor: "requester", status: "open" });
  });
});

describe("support replies and tickets", () => {
  it("refuses an unknown or ended link with 404 and a clear message, and an empty answer with 400", async () => {
    const id = await openTicket("late@example.com");
    await post(`/api/admin/support/tickets/${id}/replies`, { body: "Here is the answer." }, { token: manager.token });
    const { token } = await linkMailedTo("late@example.com");
    expect((await post(`/api/support/tickets/${token}/replies`, { body: "  " })).status).toBe(400);

    const unknown = await store.call(`/api/support/tickets/${"x".repeat(43)}`, { headers: { "accept-language": "es" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Este enlace ha caducado o no existe. Vuelve a escribirnos desde la página de contacto.");

    clock.advance(31 * 24 * 60 * 60_000);
    try {
      const ended = await store.call(`/api/support/tickets/${token}`);
      expect(ended.status).toBe(404);
      expect(ended.body.detail).toBe("This link has ended or does not exist. Write to us again from the contact page.");
      expect((await post(`/api/support/tickets/${token}/replies`, { body: "Still there?" })).status).toBe(404);
      // The daily purge forgets ended links.
      const links = () => store.db.kysely.selectFrom("support_ticket_links").select("token_hash").where("ticket_id", "=", id).execute();
      expect(await links()).toHaveLength(1);
      await store.services.jobs.runDue();
      expect(await links()).toEqual([]);
    } finally {
      clock.advance(-31 * 24 * 60 * 60_000);
    }
  });

  it("assigns to active staff only, and closes and reopens once each", async () => {
    const id = await openTicket("assign@example.com");
    const assigned = await post(`/api/admin/support/tickets/${id}/assign`, { staffId: manager.id }, { token: admin.token });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignee).toMatchObject({ id: manager.id });
    const buyer = await customer(store);
    const toCustomer = await post(`/api/admin/support/tickets/${id}/assign`, { staffId: buyer.id }, { token: admin.token });
    expect(toCustomer.status).toBe(400);
    expect(toCustomer.body.errors).toEqual({ staffId: ["Choose an active member of staff."] });

    expect((await post(`/api/admin/support/tickets/${id}/close`, undefined, { token: manager.token })).body.status).toBe("closed");
    const twice = await post(`/api/admin/support/tickets/${id}/close`, undefined, { token: manager.token });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe("This ticket is already closed.");
    const closed = await store.call("/api/admin/support/tickets?status=closed", { token: manager.token });
    expect(closed.body.items.map((item: { id: string }) => item.id)).toContain(id);
    expect((await post(`/api/admin/support/tickets/${id}/reopen`, undefined, { token: manager.token })).body.status).toBe("open");
    expect((await post(`/api/admin/support/tickets/${id}/reopen`, undefined, { token: manager.token })).status).toBe(409);
    // An answer from the requester goes to the assignee.
    await post(`/api/admin/support/tickets/${id}/replies`, { body: "Assigned answer." }, { token: manager.token });
    const { token } = await linkMailedTo("assign@example.com");
    await post(`/api/support/tickets/${token}/replies`, { body: "Thanks!" });
    // (The manager's notification digest, sent while an earlier test's clock was 31 days ahead, is not this mail.)
    const [notice] = (await store.services.mail.list({ to: manager.email })).filter((mail) => mail.subject.startsWith("Answer on ticket"));
    expect(notice?.subject).toBe(`Answer on ticket ${assigned.body.reference} from assign@example.com`);

    // Every staff action is in the audit log with who, from where, before and after; the requester's answer is not staff's.
    const audit = await auditRows(store, id);
    expect(audit.map((row) => row.action)).toEqual(["ticket.assign", "ticket.close", "ticket.reopen", "ticket.reply"]);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorRole: "admin", ip: expect.stringMatching(/127\.0\.0\.1/), before: { status: "open", assignedTo: null }, after: { status: "open", assignedTo: manager.id } });
    expect(audit[1]).toMatchObject({ actorId: manager.id, before: { status: "open" }, after: { status: "closed" } });
    expect(audit[3]).toMatchObject({ actorId: manager.id, after: { messageId: expect.any(String), bodyChars: 16 } });
  });

  it("answers a writer on a ticket not theirs and a customer 403, no token 401, and an unknown ticket 404 on every staff route", async () => {
    const id = await openTicket("roles@example.com");
    const buyer = await customer(store);
    const routes: Array<[string, string, unknown]> = [
      ["GET", `/api/admin/support/tickets/${id}`, undefined],
      ["POST", `/api/admin/support/tickets/${id}/replies`, { body: "Hello" }],
      ["POST", `/api/admin/support/tickets/${id}/assign`, { staffId: null }],
      ["POST", `/api/admin/support/tickets/${id}/close`, undefined],
      ["POST", `/api/admin/support/tickets/${id}/reopen`, undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await store.call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await store.call(path, { method, body, token: buyer.token })).status, `${method} ${path}`).toBe(403);
      expect((await store.call(path, { method, body, token: writer.token })).status, `${method} ${path}`).toBe(403);
    }
    expect((await store.call("/api/admin/support/tickets", { token: buyer.token })).status).toBe(403);
    expect((await store.call(`/api/admin/support/tickets/${randomUUID()}`, { token: manager.token })).status).toBe(404);
    expect((await post(`/api/admin/support/tickets/${randomUUID()}/close`, undefined, { token: manager.token })).status).toBe(404);
    expect((await store.call(`/api/admin/support/tickets/${id}`, { token: manager.token })).body.status).toBe("open");
  });
});
