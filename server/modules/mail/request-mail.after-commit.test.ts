import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";

/**
 * Issue 27: the welcome, password-reset and "ticket received" mails are stored as facts with the request's change
 * and rendered by the mail job after it, like the order confirmation: the request itself never runs React Email.
 * The renderer is wrapped to count its calls.
 */
const renders = vi.hoisted(() => ({ mail: 0 }));

vi.mock("./render-mail", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./render-mail")>();
  const renderMail: typeof actual.renderMail = async (...args) => {
    renders.mail += 1;
    return actual.renderMail(...args);
  };
  return { ...actual, renderMail };
});

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ SUPPORT_EMAIL: "help@scriptorium.test" });
});
afterAll(() => store.close());

const stored = (to: string) =>
  store.db.kysely.selectFrom("mail_messages").select(["subject", "text_body", "html_body", "pending_json"]).where("to_address", "=", to).execute();

/** Runs `request`; the mails to `to` it stored, unrendered, then the same mails as the job renders them. */
async function factsThenRendered(to: string, request: () => Promise<{ status: number }>) {
  const before = renders.mail;
  expect((await request()).status).toBe(200);
  expect(renders.mail - before).toBe(0);
  const facts = await stored(to);
  await store.services.jobs.runDue();
  expect(renders.mail - before).toBeGreaterThan(0);
  return { facts, mails: await store.services.mail.list({ to }) };
}

const password = "quiet-lantern-harbour-42";
const signUp = (email: string, language: string) =>
  store.post(
    "/api/Accounts/register",
    { firstName: "Lucía", lastName: "Pérez", email, country: "ES", password, repeatedPassword: password, agreedToPrivacyPolicy: true },
    { headers: { "accept-language": language } },
  );

describe("mail a request causes is rendered after its commit, not by the request", () => {
  it("stores the welcome as facts with the new account and the job renders it in the request's language", async () => {
    const email = "lucia-facts@example.es";
    const { facts, mails } = await factsThenRendered(email, () => signUp(email, "es"));
    expect(facts).toEqual([{ subject: "Te damos la bienvenida a Scriptorium", text_body: "", html_body: null, pending_json: expect.any(String) }]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Hola, Lucía:");
    expect(mails[0]!.html).toContain("/es/auth/sign-in");
  });

  it("stores the reset code mail as facts with the code, and the job renders the code in English", async () => {
    const email = "ann-facts@example.com";
    expect((await signUp(email, "en")).status).toBe(200);
    await store.services.jobs.runDue();
    await store.db.kysely.deleteFrom("mail_messages").where("to_address", "=", email).execute();
    const { facts, mails } = await factsThenRendered(email, () => store.post("/api/Accounts/forgot-password", { email }));
    expect(facts).toEqual([{ subject: "Your Scriptorium password reset code", text_body: "", html_body: null, pending_json: expect.any(String) }]);
    expect(mails[0]!.text).toMatch(/\b\d{10}\b/);
    expect(mails[0]!.text).toContain("Hello Lucía,");
  });

  it("stores the ticket's confirmation and the team's notice as facts with the ticket, rendered by the job", async () => {
    const email = "ana-facts@example.com";
    let reference = "";
    const { facts, mails } = await factsThenRendered(email, async () => {
      const answer = await store.post<{ reference: string }>(
        "/api/support/create-ticket",
        { email, description: "My invoice for order 1042 shows the wrong company name." },
        { headers: { "accept-language": "es-ES,es;q=0.9" } },
      );
      reference = answer.body.reference;
      return answer;
    });
    expect(facts).toEqual([{ subject: `Hemos recibido tu mensaje (solicitud ${reference})`, text_body: "", html_body: null, pending_json: expect.any(String) }]);
    expect(mails[0]!.text).toContain(`Tu número de solicitud: ${reference}`);
    const [notice] = await store.services.mail.list({ to: "help@scriptorium.test" });
    expect(notice!.text).toContain("My invoice for order 1042 shows the wrong company name.");
  });
});
