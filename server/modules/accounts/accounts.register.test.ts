import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer, registerStaff } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";

// Sign-ups are limited to 10 a minute per address: each group of tests has its own store.
let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const signUp = (overrides: Record<string, unknown> = {}, language = "en", target: TestStore = store) =>
  target.post(
    "/api/Accounts/register",
    {
      firstName: "Ann",
      lastName: "Lee",
      email: `ann-${Math.random().toString(36).slice(2)}@example.com`,
      country: "ES",
      password: "quiet-lantern-harbour-42",
      repeatedPassword: "quiet-lantern-harbour-42",
      agreedToPrivacyPolicy: true,
      ...overrides,
    },
    { headers: { "accept-language": language } },
  );

describe("POST /api/Accounts/register", () => {
  it("signs the new customer in at once, normalising email and country, and mails a welcome", async () => {
    const answer = await signUp({ email: "  Ann.Lee@Example.COM ", firstName: " Ann ", country: "es" });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["accessToken", "refreshToken"]);
    expect(answer.body.refreshToken).toMatch(/^[\w-]{43}$/);
    const profile = await store.call("/api/Accounts/profile", { token: answer.body.accessToken });
    expect(profile.body).toMatchObject({ email: "ann.lee@example.com", firstName: "Ann", lastName: "Lee", country: "ES", role: "customer" });
    const mails = await store.services.mail.list({ to: "ann.lee@example.com" });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Welcome to Scriptorium");
    expect(mails[0]!.text).toContain("Hello Ann,");
    expect(mails[0]!.text).toContain("/auth/sign-in");
  });

  it("refuses an email already registered, whatever its case", async () => {
    const { email } = await registerCustomer(store);
    const answer = await signUp({ email: email.toUpperCase() });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: ["An account with this email already exists."] });
  });

  it("refuses a common password, also in another case", async () => {
    for (const password of ["password123", "Iloveyou1", "qwertyuiop"]) {
      const answer = await signUp({ password, repeatedPassword: password });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ password: ["This password is too common. Choose one that is harder to guess."] });
    }
  });

  it("answers in Spanish and mails the welcome in Spanish", async () => {
    const refused = await signUp({ repeatedPassword: "otra-cosa-distinta", country: "ZZ" }, "es-ES,es;q=0.9");
    expect(refused.body.errors).toEqual({ country: ["Elige un país de la lista."], repeatedPassword: ["Las contraseñas no coinciden."] });
    const email = "lucia@example.es";
    expect((await signUp({ email, firstName: "Lucía" }, "es")).status).toBe(200);
    const [mail] = await store.services.mail.list({ to: email });
    expect(mail!.subject).toBe("Te damos la bienvenida a Scriptorium");
    expect(mail!.text).toContain("Hola, Lucía:");
    expect(mail!.text).toContain("/es/auth/sign-in");
  });

  it("limits sign-ups per address: the 11th in a minute is a 429 with Retry-After", async () => {
    const own = await startTestStore();
    try {
      const body = { firstName: "A", lastName: "B", email: "x", country: "ES", password: "p", repeatedPassword: "p", agreedToPrivacyPolicy: true };
      for (let i = 0; i < 10; i++) expect((await own.post("/api/Accounts/register", body)).status).toBe(400);
      const refused = await own.post("/api/Accounts/register", body);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});

describe("register validation", () => {
  let own: TestStore;
  beforeAll(async () => {
    own = await startTestStore();
  });
  afterAll(() => own.close());

  it("asks for 8 to 128 characters and no composition rules", async () => {
    const short = await signUp({ password: "abc1234", repeatedPassword: "abc1234" }, "en", own);
    expect(short.body.errors).toEqual({ password: ["Use at least 8 characters."] });
    const long = "x".repeat(129);
    expect((await signUp({ password: long, repeatedPassword: long }, "en", own)).body.errors.password).toEqual(["Use at most 128 characters."]);
    const plain = "lowercase only words";
    expect((await signUp({ password: plain, repeatedPassword: plain }, "en", own)).status).toBe(200);
  });

  it("says when the repeated password differs", async () => {
    const answer = await signUp({ repeatedPassword: "quiet-lantern-harbour-43" }, "en", own);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ repeatedPassword: ["The passwords do not match."] });
  });

  it("names every wrong field at once", async () => {
    const answer = await signUp({
      firstName: "  ",
      lastName: "L".repeat(101),
      email: "not-an-email",
      country: "XX",
      agreedToPrivacyPolicy: false,
      repeatedPassword: "other",
      extra: 1,
    }, "en", own);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      firstName: ["This field is required."],
      lastName: ["Use at most 100 characters."],
      email: ["Enter a valid email address."],
      country: ["Choose a country from the list."],
      agreedToPrivacyPolicy: ["Please accept to continue."],
      repeatedPassword: ["The passwords do not match."],
      extra: ["Unknown field."],
    });
  });

});

describe("test helpers", () => {
  it("make a signed-in customer and a signed-in staff user", async () => {
    const customer = await registerCustomer(store, { firstName: "Helper" });
    const staff = await registerStaff(store);
    const profile = await store.call("/api/Accounts/profile", { token: customer.accessToken });
    expect(profile.body).toMatchObject({ id: customer.userId, email: customer.email, firstName: "Helper", role: "customer" });
    expect((await store.call("/api/Accounts/profile", { token: staff.accessToken })).body).toMatchObject({ id: staff.userId, role: "admin" });
    const login = await store.post("/api/Accounts/login", { email: customer.email, password: customer.password });
    expect(login.status).toBe(200);
  });
});
