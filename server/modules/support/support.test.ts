import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";

let store: TestStore;
beforeAll(async () => {
  // Behind a trusted proxy each test writes from its own address, so the rate limit counts per test.
  store = await startTestStore({ TRUST_PROXY: "true", SUPPORT_EMAIL: "help@scriptorium.test" });
});
afterAll(() => store.close());

let nextAddress = 1;
const from = (headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": `192.0.2.${nextAddress++}`, ...headers } });
const ticket = { email: "  ana@example.com ", description: "My invoice for order 1042 shows the wrong company name." };

describe("POST /api/support/create-ticket", () => {
  it("stores the ticket and mails the sender in their language and the support team", async () => {
    const answer = await store.post("/api/support/create-ticket", ticket, from({ "accept-language": "es-ES,es;q=0.9" }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), reference: expect.stringMatching(/^T-[0-9A-F]{8}$/) });
    const { id } = answer.body;
    expect(answer.body.reference).toBe(`T-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`);

    const stored = await store.db.kysely.selectFrom("support_tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: "ana@example.com", description: ticket.description, locale: "es" });

    const [confirmation] = await store.services.mail.list({ to: "ana@example.com" });
    const reference = `T-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    expect(confirmation?.subject).toBe(`Hemos recibido tu mensaje (solicitud ${reference})`);
    expect(confirmation?.text).toContain(`Tu número de solicitud: ${reference}`);
    expect(confirmation?.html).toContain(`Tu número de solicitud: ${reference}`);
    expect(confirmation?.text).not.toContain(id);
    // The sender's words are not echoed back: the form must not become a way to mail any text to anyone.
    expect(confirmation?.text).not.toContain(ticket.description);
    const [notice] = await store.services.mail.list({ to: "help@scriptorium.test" });
    expect(notice?.subject).toBe(`New support ticket ${reference} from ana@example.com`);
    expect(notice?.text).toContain(ticket.description);
    expect(notice?.text).toMatch(/Language: es/);
  });

  it("confirms in English by default", async () => {
    const answer = await store.post("/api/support/create-ticket", { ...ticket, email: "bob@example.com" }, from());
    const [confirmation] = await store.services.mail.list({ to: "bob@example.com" });
    expect(confirmation?.subject).toBe(`We received your message (ticket T-${answer.body.id.replace(/-/g, "").slice(0, 8).toUpperCase()})`);
  });

  it("names each bad field in English", async () => {
    const answer = await store.post("/api/support/create-ticket", { email: "not-an-address", description: "short" }, from());
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: 400,
      title: "One or more validation errors occurred.",
      errors: { email: ["Enter a valid email address."], description: ["Use at least 10 characters."] },
    });
  });

  it("names each bad field in Spanish, including missing and unknown ones", async () => {
    const answer = await store.post(
      "/api/support/create-ticket",
      { description: "x".repeat(5001), phone: "555" },
      from({ "accept-language": "es" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      email: ["Este campo es obligatorio."],
      description: ["Escribe como máximo 5000 caracteres."],
      phone: ["Campo desconocido."],
    });
    expect(await store.db.kysely.selectFrom("support_tickets").select("id").execute()).toHaveLength(2);
  });

  it("refuses a sixth ticket from one address within ten minutes with 429 and Retry-After", async () => {
    const address = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < 5; i++) {
      const answer = await store.post("/api/support/create-ticket", { ...ticket, email: `c${i}@example.com` }, { headers: address });
      expect(answer.status).toBe(200);
    }
    const refused = await store.post("/api/support/create-ticket", ticket, { headers: address });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body).toEqual({
      status: 429,
      title: "Too Many Requests",
      detail: `Too many requests. Try again in ${retryAfter} seconds.`,
    });
    const other = await store.post("/api/support/create-ticket", ticket, from());
    expect(other.status).toBe(200);
  });

  it("refuses a sixth ticket to one email address within ten minutes, whatever IP addresses send them", async () => {
    const victim = { ...ticket, email: "victim@example.com" };
    for (let i = 0; i < 5; i++) {
      const answer = await store.post("/api/support/create-ticket", { ...victim, email: i % 2 ? " Victim@Example.com" : victim.email }, from());
      expect(answer.status).toBe(200);
    }
    const refused = await store.post("/api/support/create-ticket", victim, from());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(refused.body).toMatchObject({ status: 429, title: "Too Many Requests" });
    const tickets = await store.db.kysely.selectFrom("support_tickets").select("email").execute();
    expect(tickets.filter((row) => row.email.toLowerCase() === "victim@example.com")).toHaveLength(5);
    expect((await store.post("/api/support/create-ticket", { ...ticket, email: "someone-else@example.com" }, from())).status).toBe(200);
  });
});
