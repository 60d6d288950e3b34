import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { registerCustomer, type TestCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";

let store: TestStore;
beforeAll(async () => {
  // Behind a trusted proxy the per-account tests can call from many addresses, as an attacker would.
  store = await startTestStore({ TRUST_PROXY: "true" });
});
afterAll(() => store.close());
afterEach(() => {
  vi.useRealTimers();
});

const NEW_PASSWORD = "amber-walrus-orbit-77";
const es = { headers: { "accept-language": "es" } };
let nextAddress = 1;
/** A call from an address of its own, so only the per-account limits can stop it. */
const elsewhere = (headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": `203.0.113.${nextAddress++ % 250}`, ...headers } });

const signInAgain = async (customer: TestCustomer) =>
  (await store.post("/api/Accounts/login", { email: customer.email, password: customer.password })).body as { accessToken: string; refreshToken: string };
const changePassword = (token: string, body: Record<string, unknown>, options = {}) =>
  store.post("/api/Accounts/change-password", { password: NEW_PASSWORD, repeatedPassword: NEW_PASSWORD, ...body }, { token, ...options });
const forgot = (email: string, options = {}) => store.post("/api/Accounts/forgot-password", { email }, options);
const reset = (email: string, code: string, options = {}) =>
  store.post("/api/Accounts/reset-password", { email, code, password: NEW_PASSWORD, repeatedPassword: NEW_PASSWORD }, options);
const mailsTo = (email: string) => store.services.mail.list({ to: email });
const codeIn = (text: string) => /\b(\d{10})\b/.exec(text)![1]!;
/** Asks for a code in-process (the route allows only 5 a minute per address) and reads it from the new mail. */
const requestCode = async (email: string) => {
  const before = new Set((await mailsTo(email)).map((mail) => mail.id));
  await store.services.accounts.forgot(email, "en");
  const mail = (await mailsTo(email)).find((message) => !before.has(message.id));
  return codeIn(mail!.text);
};
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000_000_000).padStart(10, "0");

describe("POST /api/Accounts/change-password", () => {
  it("checks the current password", async () => {
    const customer = await registerCustomer(store);
    const answer = await changePassword(customer.accessToken, { currentPassword: "not-my-password" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ currentPassword: ["The current password is incorrect."] });
    const spanish = await changePassword(customer.accessToken, { currentPassword: "not-my-password" }, es);
    expect(spanish.body.errors).toEqual({ currentPassword: ["La contraseña actual no es correcta."] });
  });

  it("applies the new-password rules", async () => {
    const customer = await registerCustomer(store);
    const common = await changePassword(customer.accessToken, { currentPassword: customer.password, password: "sunshine1", repeatedPassword: "sunshine1" });
    expect(common.body.errors).toEqual({ password: ["This password is too common. Choose one that is harder to guess."] });
    const differ = await changePassword(customer.accessToken, { currentPassword: customer.password, repeatedPassword: "something-else-1" });
    expect(differ.body.errors).toEqual({ repeatedPassword: ["The passwords do not match."] });
  });

  it("sets the new password, ends every other sign-in but keeps this one, and mails a notice", async () => {
    const customer = await registerCustomer(store);
    const other = await signInAgain(customer);
    const answer = await changePassword(customer.accessToken, { currentPassword: customer.password });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });

    expect((await store.call("/api/Accounts/profile", { token: other.accessToken })).status).toBe(401);
    expect((await store.post("/api/Accounts/refresh", { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await store.call("/api/Accounts/profile", { token: customer.accessToken })).status).toBe(200);
    expect((await store.post("/api/Accounts/refresh", { refreshToken: customer.refreshToken })).status).toBe(200);

    expect((await store.post("/api/Accounts/login", { email: customer.email, password: customer.password })).status).toBe(400);
    expect((await store.post("/api/Accounts/login", { email: customer.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await mailsTo(customer.email)).map((mail) => mail.subject)).toContain("Your Scriptorium password was changed");
  });

  it("needs an access token", async () => {
    expect((await changePassword("", { currentPassword: "whatever-1" })).status).toBe(401);
  });
});

describe("POST /api/Accounts/forgot-password", () => {
  it("answers 200 and mails nothing for an unknown email", async () => {
    const answer = await forgot("nobody-here@example.com");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(await mailsTo("nobody-here@example.com")).toEqual([]);
  });

  it("answers the same 200 for a known email and mails a 10-digit code, stored only as a hash and never in the subject", async () => {
    const customer = await registerCustomer(store);
    const answer = await forgot(customer.email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const [mail] = await mailsTo(customer.email);
    const code = codeIn(mail!.text);
    expect(code).toMatch(/^\d{10}$/);
    expect(mail!.subject).toBe("Your Scriptorium password reset code");
    expect(mail!.text).toContain("valid for 10 minutes");
    const stored = await store.db.kysely.selectFrom("password_reset_codes").selectAll().where("user_id", "=", customer.userId).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
  });

  it("writes the mail in the request's language", async () => {
    const customer = await registerCustomer(store);
    await forgot(customer.email, es);
    const [mail] = await mailsTo(customer.email);
    expect(mail!.subject).toBe("Tu código para restablecer la contraseña de Scriptorium");
    expect(mail!.text).toContain("/es/auth/reset-password");
  });
});

describe("POST /api/Accounts/reset-password", () => {
  it("sets the password with the mailed code, ends every sign-in and mails a notice", async () => {
    const customer = await registerCustomer(store);
    const other = await signInAgain(customer);
    const answer = await reset(customer.email, await requestCode(customer.email));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    for (const session of [customer, other]) {
      expect((await store.post("/api/Accounts/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
      expect((await store.call("/api/Accounts/profile", { token: session.accessToken })).status).toBe(401);
    }
    expect((await store.post("/api/Accounts/login", { email: customer.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await mailsTo(customer.email))[0]!.subject).toBe("Your Scriptorium password was reset");
  });

  it("refuses a wrong code at `code`, in Spanish too", async () => {
    const customer = await registerCustomer(store);
    const code = await requestCode(customer.email);
    const answer = await reset(customer.email, wrongCode(code));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ code: ["This code is wrong or has expired. Request a new one."] });
    expect((await reset(customer.email, wrongCode(code), es)).body.errors).toEqual({
      code: ["Este código no es correcto o ha caducado. Solicita uno nuevo."],
    });
    expect((await reset(customer.email, "12ab56")).body.errors).toEqual({ code: ["Enter the 10-digit code from the email."] });
    expect((await reset(customer.email, "123456")).body.errors).toEqual({ code: ["Enter the 10-digit code from the email."] });
  });

  it("answers an email without an account like a wrong code", async () => {
    const answer = await reset("nobody-at-all@example.com", "1234567890");
    expect(answer.body.errors).toEqual({ code: ["This code is wrong or has expired. Request a new one."] });
  });

  it("refuses a code after its 10 minutes", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const customer = await registerCustomer(store);
    const code = await requestCode(customer.email);
    vi.setSystemTime(start + 10 * 60_000 + 1000);
    const answer = await reset(customer.email, code);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(["code"]);
  });

  it("kills the code after 5 tries: even the right one fails then", async () => {
    const customer = await registerCustomer(store);
    const code = await requestCode(customer.email);
    for (let i = 0; i < 5; i++) expect((await reset(customer.email, wrongCode(code))).status).toBe(400);
    expect((await reset(customer.email, code)).status).toBe(400);
    expect((await store.post("/api/Accounts/login", { email: customer.email, password: customer.password })).status).toBe(200);
  });

  it("accepts a code once, and a new request replaces the previous code", async () => {
    const customer = await registerCustomer(store);
    const first = await requestCode(customer.email);
    const second = await requestCode(customer.email);
    expect((await reset(customer.email, first)).status).toBe(400);
    expect((await reset(customer.email, second)).status).toBe(200);
    expect((await reset(customer.email, second)).status).toBe(400);
  });

  it("refuses a common new password before spending a try", async () => {
    const customer = await registerCustomer(store);
    const code = await requestCode(customer.email);
    const answer = await store.post("/api/Accounts/reset-password", { email: customer.email, code, password: "football1", repeatedPassword: "football1" });
    expect(answer.body.errors).toEqual({ password: ["This password is too common. Choose one that is harder to guess."] });
    expect((await reset(customer.email, code)).status).toBe(200);
  });
});

describe("limits per account, whatever addresses the calls come from", () => {
  it("mails at most 3 codes an hour to one account, still answering 200", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const customer = await registerCustomer(store);
    for (let i = 0; i < 5; i++) await store.services.accounts.forgot(customer.email, "en");
    const codes = (await mailsTo(customer.email)).filter((mail) => mail.subject === "Your Scriptorium password reset code");
    expect(codes).toHaveLength(3);
    vi.setSystemTime(start + 61 * 60_000);
    await store.services.accounts.forgot(customer.email, "en");
    expect((await mailsTo(customer.email)).filter((mail) => mail.subject === "Your Scriptorium password reset code")).toHaveLength(4);
  });

  it("checks no code for a day after 10 wrong ones, even fresh ones, then the right code works again", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const customer = await registerCustomer(store);
    for (let round = 0; round < 2; round++) {
      const code = await requestCode(customer.email);
      for (let i = 0; i < 5; i++) expect((await reset(customer.email, wrongCode(code), elsewhere())).status).toBe(400);
    }
    const fresh = await requestCode(customer.email);
    const refused = await reset(customer.email, fresh, elsewhere({ "accept-language": "es" }));
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(23 * 3600);
    expect(refused.body).toEqual({
      status: 429,
      title: "Demasiadas peticiones",
      detail: `Demasiados códigos incorrectos para esta cuenta. Vuelve a intentarlo dentro de ${seconds} segundos.`,
    });
    vi.setSystemTime(start + 25 * 60 * 60_000);
    expect((await reset(customer.email, await requestCode(customer.email), elsewhere())).status).toBe(200);
  });

  it("counts wrong codes for an email without an account the same way, so the answer tells nothing", async () => {
    const email = "no-account-guess@example.com";
    for (let i = 0; i < 10; i++) expect((await reset(email, "1234567890", elsewhere())).status).toBe(400);
    expect((await reset(email, "1234567890", elsewhere())).status).toBe(429);
  });
});

describe("limits per address", () => {
  it("allows 5 reset mails a minute from one address", async () => {
    const own = await startTestStore();
    try {
      for (let i = 0; i < 5; i++) expect((await own.post("/api/Accounts/forgot-password", { email: `a${i}@example.com` })).status).toBe(200);
      const refused = await own.post("/api/Accounts/forgot-password", { email: "a5@example.com" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});
