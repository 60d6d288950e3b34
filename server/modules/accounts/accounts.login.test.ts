import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, TEST_REDIS_URL, type TestStore } from "../../test/test-store";

const login = (store: TestStore, email: string, password: string, language = "en") =>
  store.post("/api/Accounts/login", { email, password }, { headers: { "accept-language": language } });

const BAD_CREDENTIALS = {
  status: 400,
  title: "One or more validation errors occurred.",
  errors: { "": ["The email or password is incorrect."] },
};

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/Accounts/login", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore();
  });
  afterAll(() => store.close());

  it("answers a token pair for the right password, with any case and spaces in the email", async () => {
    const customer = await registerCustomer(store);
    const answer = await login(store, `  ${customer.email.toUpperCase()} `, customer.password);
    expect(answer.status).toBe(200);
    const profile = await store.call("/api/Accounts/profile", { token: answer.body.accessToken });
    expect(profile.body.id).toBe(customer.userId);
  });

  it("gives a wrong password and an unknown email the same 400, in Spanish too", async () => {
    const customer = await registerCustomer(store);
    const wrong = await login(store, customer.email, "not-the-password");
    const unknown = await login(store, `nobody-${randomUUID()}@example.com`, "not-the-password");
    expect(wrong.body).toEqual(BAD_CREDENTIALS);
    expect(unknown.body).toEqual(BAD_CREDENTIALS);
    const spanish = await login(store, customer.email, "not-the-password", "es");
    expect(spanish.body.errors).toEqual({ "": ["El correo electrónico o la contraseña no son correctos."] });
  });

  it("takes as long for an unknown email as for a wrong password (a dummy hash is checked)", async () => {
    const customer = await registerCustomer(store);
    const timed = async (email: string, password: string) => {
      const started = performance.now();
      await login(store, email, password);
      return performance.now() - started;
    };
    // Interleaved, so a busy machine slows both kinds alike.
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 6; i++) {
      knownTimes.push(await timed(customer.email, `wrong-${i}`));
      unknownTimes.push(await timed(`ghost-${randomUUID()}@example.com`, `wrong-${i}`));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const known = median(knownTimes);
    const unknown = median(unknownTimes);
    // Without the dummy hash an unknown email answers in a few milliseconds against ~50 ms of argon2: a quarter
    // still catches that, while a loaded CI machine's jitter between the two stays well inside it.
    expect(unknown).toBeGreaterThan(known * 0.25);
  });

  it("upgrades a hash made with older parameters at the next sign-in", async () => {
    const customer = await registerCustomer(store);
    const weak = await hash(customer.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await store.db.kysely.updateTable("users").set({ password_hash: weak }).where("id", "=", customer.userId).execute();
    expect((await login(store, customer.email, customer.password)).status).toBe(200);
    const row = await store.db.kysely.selectFrom("users").select("password_hash").where("id", "=", customer.userId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(store, customer.email, customer.password)).status).toBe(200);
  });

  it("names missing fields", async () => {
    const answer = await store.post("/api/Accounts/login", { email: "" });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(["email", "password"]);
  });
});

describe("sign-in slow-down per account", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore();
  });
  afterAll(() => store.close());

  it("after 5 failures makes that account wait a growing window, then lets the right password in", async () => {
    const customer = await registerCustomer(store);
    const other = await registerCustomer(store);
    const start = Date.now();
    vi.setSystemTime(start);
    for (let i = 0; i < 5; i++) expect((await login(store, customer.email, `guess-${i}`)).status).toBe(400);

    const waiting = await login(store, customer.email, customer.password);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("retry-after")).toBe("30");
    expect(waiting.body).toEqual({
      status: 429,
      title: "Too Many Requests",
      detail: "Too many failed sign-ins for this account. Try again in 30 seconds.",
    });
    // Only that account waits.
    expect((await login(store, other.email, other.password)).status).toBe(200);

    // The next failure after the window doubles it.
    vi.setSystemTime(start + 31_000);
    expect((await login(store, customer.email, "guess-6")).status).toBe(400);
    expect((await login(store, customer.email, customer.password)).headers.get("retry-after")).toBe("60");

    // Never a lock: after the window the right password works and the count starts again.
    vi.setSystemTime(start + 31_000 + 61_000);
    expect((await login(store, customer.email, customer.password)).status).toBe(200);
    expect((await login(store, customer.email, "guess-7")).status).toBe(400);
  });

  it("treats an unknown email the same way, so the 429 tells nothing either", async () => {
    const ghost = `ghost-${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(store, ghost, `guess-${i}`)).status).toBe(400);
    const waiting = await login(store, ghost, "guess-5", "es");
    expect(waiting.status).toBe(429);
    expect(waiting.body.detail).toBe("Demasiados intentos fallidos para esta cuenta. Vuelve a intentarlo dentro de 30 segundos.");
  });

  it("keeps the count in Redis when REDIS_URL is set, so every instance sees it", async () => {
    const first = await startTestStore({ REDIS_URL: TEST_REDIS_URL });
    const second = await startTestStore({ REDIS_URL: TEST_REDIS_URL });
    try {
      const email = `redis-${randomUUID()}@example.com`;
      for (let i = 0; i < 5; i++) expect((await login(i % 2 ? first : second, email, `guess-${i}`)).status).toBe(400);
      const waiting = await login(first, email, "guess-5");
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(25);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe("no lock-out by a stranger", () => {
  it("lets the owner in from an address they signed in from while a stranger fails from many others", async () => {
    const store = await startTestStore({ TRUST_PROXY: "true" });
    try {
      const customer = await registerCustomer(store);
      const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
      const home = from("198.51.100.20");
      expect((await store.post("/api/Accounts/login", { email: customer.email, password: customer.password }, home)).status).toBe(200);
      for (let i = 0; i < 30; i++) {
        await store.post("/api/Accounts/login", { email: customer.email, password: `guess-${i}` }, from(`203.0.113.${i % 6}`));
      }
      expect((await store.post("/api/Accounts/login", { email: customer.email, password: customer.password }, home)).status).toBe(200);
      // The stranger, even from a fresh address, waits.
      const fresh = await store.post("/api/Accounts/login", { email: customer.email, password: "guess-x" }, from("192.0.2.77"));
      expect(fresh.status).toBe(429);
    } finally {
      await store.close();
    }
  });
});

describe("sign-in limit per address", () => {
  it("refuses the 21st attempt in a minute from one address with a 429 and Retry-After", async () => {
    const store = await startTestStore();
    try {
      for (let i = 0; i < 20; i++) expect((await store.post("/api/Accounts/login", { email: "x", password: "y" })).status).toBe(400);
      const refused = await store.post("/api/Accounts/login", { email: "x", password: "y" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ status: 429, title: "Too Many Requests" });
    } finally {
      await store.close();
    }
  });
});
