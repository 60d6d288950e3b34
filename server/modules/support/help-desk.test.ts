import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { auditRows } from "../../test/audit-rows";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

/** Issue 26, point 10: one ticket number, subject and timers, saved replies, notes, tags, writers on the desk. */
const clock = manualClock("2026-05-04T08:00:00.000Z");
let store: TestStore;
let manager: TestCustomer;
let writer: TestCustomer;
let otherWriter: TestCustomer;
beforeAll(async () => {
  store = await startTestStore(
    { SUPPORT_EMAIL: "desk@scriptorium.test", PUBLIC_URL: "https://shop.example", SUPPORT_FIRST_RESPONSE_HOURS: "4" },
    { clock },
  );
  manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
  otherWriter = await staffMember(store, "writer");
});
afterAll(() => store.close());

const HOUR = 60 * 60_000;
/** A ticket as the contact form opens it (the form's own route, with its rate limit, is tested once below). */
const createTicket = (body: { email: string; description: string; subject?: string }, locale: "en" | "es" = "en") =>
  store.services.support.createTicket(body, locale);
const staffCall = (path: string, token: string, method = "GET", body?: unknown) => {
  clock.advance(1000);
  return store.call(path, { method, body, token });
};
const inbox = async (query: string, token = manager.token) => (await staffCall(`/api/admin/support/tickets?${query}`, token)).body.items as Array<Record<string, unknown>>;
const lastMailTo = async (to: string) => (await store.services.mail.list({ to }))[0];

describe("one ticket number everywhere", () => {
  it("the acknowledgement, the reply mail, the requester's page, the inbox and the ticket carry the same number, and it finds the ticket", async () => {
    const { id, reference } = await createTicket({ email: "numero@example.com", description: "¿Dónde está mi factura?" }, "es");
    expect(reference).toMatch(/^T-[0-9A-F]{8}$/);
    expect((await lastMailTo("numero@example.com"))?.subject).toContain(reference);

    const byNumber = await staffCall(`/api/admin/support/tickets/${reference}`, manager.token);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toMatchObject({ id, reference });
    expect((await staffCall(`/api/admin/support/tickets/${reference.toLowerCase()}`, manager.token)).body.id).toBe(id);
    expect((await staffCall("/api/admin/support/tickets/T-00000000", manager.token)).status).toBe(404);
    expect((await inbox(`q=${reference}`)).map((item) => item.id)).toEqual([id]);
    expect((await inbox("")).find((item) => item.id === id)).toMatchObject({ reference });

    await staffCall(`/api/admin/support/tickets/${reference}/replies`, manager.token, "POST", { body: "Está en tu perfil." });
    const reply = await lastMailTo("numero@example.com");
    expect(reply?.subject).toBe(`Nuestra respuesta a tu mensaje (solicitud ${reference})`);
    expect(`${reply?.subject}${reply?.text}`).not.toContain(id);
    const token = reply?.text.match(/\/support\/tickets\/([A-Za-z0-9_-]+)/)?.[1];
    const page = await store.call(`/api/support/tickets/${token}`);
    expect(page.body).toMatchObject({ reference });

    await store.post(`/api/support/tickets/${token}/replies`, { body: "Gracias" });
    const notice = await lastMailTo("desk@scriptorium.test");
    expect(notice?.subject).toBe(`Answer on ticket ${reference} from numero@example.com`);
    expect(notice?.text).toContain(`https://shop.example/admin/support/${reference}`);
  });
});

describe("subject, age and the first-response timer", () => {
  it("keeps the subject asked on the form, else the first line, and marks a ticket overdue after SUPPORT_FIRST_RESPONSE_HOURS without an answer", async () => {
    const form = await store.post("/api/support/create-ticket", { email: "asunto@example.com", subject: " Factura con el NIF mal ", description: "Hola:\nLa factura del pedido lleva otro NIF." });
    expect(form.status).toBe(200);
    const asked = form.body as { id: string; reference: string };
    // The team's notice names the subject too.
    expect((await lastMailTo("desk@scriptorium.test"))?.text).toContain("Factura con el NIF mal");
    const derived = await createTicket({ email: "linea@example.com", description: "\n  Wrong company name on my invoice  \nPlease fix it, thanks." });
    const rows = await inbox("");
    expect(rows.find((row) => row.id === asked.id)).toMatchObject({ subject: "Factura con el NIF mal", overdue: false, firstResponseAt: null });
    expect(rows.find((row) => row.id === derived.id)).toMatchObject({ subject: "Wrong company name on my invoice", overdue: false });
    // The subject is searched too: "NIF" is in both, "mal" only in the first one's subject.
    const found = (await inbox("q=mal")).map((row) => row.id);
    expect(found).toContain(asked.id);
    expect(found).not.toContain(derived.id);
    const opened = rows.find((row) => row.id === derived.id)!;
    expect(opened.firstResponseDueAt).toBe(new Date(new Date(opened.createdAt as string).getTime() + 4 * HOUR).toISOString());

    await staffCall(`/api/admin/support/tickets/${asked.id}/replies`, manager.token, "POST", { body: "Lo corregimos hoy." });
    clock.advance(4 * HOUR + 60_000);
    const later = await inbox("");
    // Answered in time: not overdue; the other waited more than four hours for a first answer.
    expect(later.find((row) => row.id === asked.id)).toMatchObject({ overdue: false, firstResponseAt: expect.any(String) });
    expect(later.find((row) => row.id === derived.id)).toMatchObject({ overdue: true, firstResponseAt: null });
    expect(later.find((row) => row.id === derived.id)!.ageMinutes).toBeGreaterThanOrEqual(241);
    expect((await staffCall(`/api/admin/support/tickets/${derived.id}`, manager.token)).body).toMatchObject({ overdue: true, subject: "Wrong company name on my invoice" });

    const tooLong = await store.post("/api/support/create-ticket", { email: "x@example.com", subject: "x".repeat(121), description: "A long enough message." });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.subject).toBeDefined();
  });
});

describe("saved replies", () => {
  const welcome = { title: { en: "Invoice location", es: "Dónde está la factura" }, body: { en: "Your invoice is in your profile.", es: "Tu factura está en tu perfil." } };

  it("managers create, edit and delete them in both languages, audited; writers read them but cannot change them", async () => {
    const created = await staffCall("/api/admin/support/saved-replies", manager.token, "POST", welcome);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject(welcome);
    const id = created.body.id as string;

    expect((await staffCall("/api/admin/support/saved-replies", writer.token, "POST", welcome)).status).toBe(403);
    const missingSpanish = await staffCall("/api/admin/support/saved-replies", manager.token, "POST", { ...welcome, body: { en: "Only English" } });
    expect(missingSpanish.status).toBe(400);
    const listed = await staffCall("/api/admin/support/saved-replies", writer.token);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([expect.objectContaining({ id, title: welcome.title })]);

    const changed = { ...welcome, body: { en: "Open Profile → Invoices.", es: "Abre Perfil → Facturas." } };
    const updated = await staffCall(`/api/admin/support/saved-replies/${id}`, manager.token, "PUT", changed);
    expect(updated.body.body).toEqual(changed.body);
    const removed = await staffCall(`/api/admin/support/saved-replies/${id}`, manager.token, "DELETE");
    expect(removed.status).toBe(200);
    expect(removed.body.items.map((item: { id: string }) => item.id)).not.toContain(id);
    const gone = await staffCall(`/api/admin/support/saved-replies/${id}`, manager.token, "PUT", changed);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("This saved reply no longer exists.");

    const audit = await auditRows(store, id);
    expect(audit.map((row) => row.action)).toEqual(["savedReply.create", "savedReply.update", "savedReply.delete"]);
    expect(audit[1]).toMatchObject({ actorId: manager.id, before: { title: welcome.title }, after: { bodyChars: { en: changed.body.en.length } } });

    const docs = (await store.call("/api/docs/json")).body;
    const post = docs.paths["/api/admin/support/saved-replies"].post;
    expect(Object.keys(post.requestBody.content["application/json"].schema.properties).sort()).toEqual(["body", "title"]);
    expect(docs.paths["/api/admin/support/saved-replies/{id}"].delete).toBeDefined();
  });
});

describe("internal notes and tags", () => {
  it("a note stays with staff: never in the requester's thread, never mailed", async () => {
    const { id } = await createTicket({ email: "nota@example.com", description: "Need a second revision of the invoice." });
    await staffCall(`/api/admin/support/tickets/${id}/replies`, manager.token, "POST", { body: "Working on it." });
    const noted = await staffCall(`/api/admin/support/tickets/${id}/notes`, manager.token, "POST", { body: "SECRET: customer disputed twice before" });
    expect(noted.status).toBe(200);
    expect(noted.body.notes).toEqual([expect.objectContaining({ body: "SECRET: customer disputed twice before", staffName: "Ada Lovelace" })]);
    expect(noted.body.messages.map((message: { body: string }) => message.body)).not.toContain("SECRET: customer disputed twice before");
    await staffCall(`/api/admin/support/tickets/${id}/replies`, manager.token, "POST", { body: "Done." });

    const mails = await store.services.mail.list({ to: "nota@example.com" });
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) expect(`${mail.subject}${mail.text}${mail.html ?? ""}`).not.toContain("SECRET");
    const token = mails[0]?.text.match(/\/support\/tickets\/([A-Za-z0-9_-]+)/)?.[1];
    const page = await store.call(`/api/support/tickets/${token}`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain("SECRET");
    expect((await auditRows(store, id)).map((row) => row.action)).toContain("ticket.note");
  });

  it("tags are added and removed, audited, and filter the inbox", async () => {
    const billing = await createTicket({ email: "tag1@example.com", description: "Invoice has the wrong VAT number." });
    const other = await createTicket({ email: "tag2@example.com", description: "Can I change the deadline please?" });
    const tagged = await staffCall(`/api/admin/support/tickets/${billing.reference}/tags`, manager.token, "POST", { tag: "Billing" });
    expect(tagged.status).toBe(200);
    expect(tagged.body.tags).toEqual(["billing"]);
    await staffCall(`/api/admin/support/tickets/${billing.id}/tags`, manager.token, "POST", { tag: "vip" });
    const twice = await staffCall(`/api/admin/support/tickets/${billing.id}/tags`, manager.token, "POST", { tag: "billing" });
    expect(twice.status).toBe(400);
    expect(twice.body.errors.tag).toEqual(["This ticket already has that tag."]);
    expect((await staffCall(`/api/admin/support/tickets/${billing.id}/tags`, manager.token, "POST", { tag: "no spaces" })).status).toBe(400);

    expect((await inbox("tag=billing")).map((row) => row.id)).toEqual([billing.id]);
    expect((await inbox("")).find((row) => row.id === billing.id)).toMatchObject({ tags: ["billing", "vip"] });
    expect((await inbox("")).find((row) => row.id === other.id)).toMatchObject({ tags: [] });

    const untagged = await staffCall(`/api/admin/support/tickets/${billing.id}/tags/billing`, manager.token, "DELETE");
    expect(untagged.body.tags).toEqual(["vip"]);
    expect((await staffCall(`/api/admin/support/tickets/${billing.id}/tags/billing`, manager.token, "DELETE")).status).toBe(404);
    expect(await inbox("tag=billing")).toEqual([]);
    const audit = await auditRows(store, billing.id);
    expect(audit.filter((row) => row.action.startsWith("ticket.")).map((row) => row.action)).toEqual(["ticket.tag", "ticket.tag", "ticket.untag"]);
    expect(audit[2]).toMatchObject({ before: { tags: ["billing", "vip"] }, after: { tags: ["vip"] } });
  });
});

describe("writers on the desk", () => {
  it("a ticket can go to an active writer, who sees and answers only the tickets assigned to them", async () => {
    const mine = await createTicket({ email: "writer-ticket@example.com", description: "Question about my article's tone." });
    const notMine = await createTicket({ email: "someone-else@example.com", description: "Question about another order." });
    const detail = await staffCall(`/api/admin/support/tickets/${mine.id}`, manager.token);
    expect(detail.body.assignees.map((member: { id: string }) => member.id)).toEqual(expect.arrayContaining([writer.id, otherWriter.id, manager.id]));
    expect((await staffCall(`/api/admin/support/tickets/${mine.id}/assign`, manager.token, "POST", { staffId: writer.id })).status).toBe(200);

    expect((await inbox("status=all", writer.token)).map((row) => row.id)).toEqual([mine.id]);
    const seen = await staffCall(`/api/admin/support/tickets/${mine.reference}`, writer.token);
    expect(seen.status).toBe(200);
    expect((await staffCall(`/api/admin/support/tickets/${mine.id}/replies`, writer.token, "POST", { body: "Friendly but formal." })).status).toBe(200);
    expect((await staffCall(`/api/admin/support/tickets/${notMine.id}`, writer.token)).status).toBe(403);
    expect((await staffCall(`/api/admin/support/tickets/${notMine.id}/replies`, writer.token, "POST", { body: "Hi" })).status).toBe(403);
    expect((await staffCall(`/api/admin/support/tickets/${mine.id}/assign`, writer.token, "POST", { staffId: otherWriter.id })).status).toBe(403);

    // A deactivated writer is no longer offered, and cannot be given a ticket.
    const at = clock.now().toISOString();
    await store.db.kysely
      .insertInto("staff_accounts")
      .values({ user_id: otherWriter.id, totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null, deactivated_at: at, updated_at: at })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ deactivated_at: at }))
      .execute();
    const after = await staffCall(`/api/admin/support/tickets/${notMine.id}`, manager.token);
    expect(after.body.assignees.map((member: { id: string }) => member.id)).not.toContain(otherWriter.id);
    const refused = await staffCall(`/api/admin/support/tickets/${notMine.id}/assign`, manager.token, "POST", { staffId: otherWriter.id });
    expect(refused.status).toBe(400);
  });

  it("a manager sees the customer's recent orders beside the ticket; a writer sees the customer but not their orders", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    const { id } = await createTicket({ email: buyer.email, description: "About my order, please." });
    expect((await staffCall(`/api/admin/support/tickets/${id}`, manager.token)).body.customer.orders).toEqual([expect.objectContaining({ number: placed.body.number })]);
    await staffCall(`/api/admin/support/tickets/${id}/assign`, manager.token, "POST", { staffId: writer.id });
    const asWriter = await staffCall(`/api/admin/support/tickets/${id}`, writer.token);
    expect(asWriter.body.customer).toMatchObject({ id: buyer.id, orders: [] });
  });
});
