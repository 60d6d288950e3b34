import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer, registerStaff } from "../test/accounts";
import { startTestStore, type TestStore } from "../test/test-store";

describe("security headers", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startTestStore();
  });
  afterAll(() => store.close());

  it("sends a Permissions-Policy and a nonce-free CSP that forbids framing, and no contradicting X-Frame-Options", async () => {
    const answer = await store.post("/api/prices", { currency: "EUR" });
    expect(answer.headers.get("permissions-policy")).toContain("camera=()");
    expect(answer.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("content-security-policy")).not.toContain("nonce-");
    expect(answer.headers.has("x-frame-options")).toBe(false);
  });

  it("keeps answers to requests with an access token out of every cache", async () => {
    const customer = await registerCustomer(store);
    const profile = await store.call("/api/Accounts/profile", { token: customer.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.headers.get("cache-control")).toBe("no-store");
    const refused = await store.call("/api/Accounts/profile", { token: "not-a-token" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const prices = await store.post("/api/prices", { currency: "EUR" }, { token: customer.accessToken });
    expect(prices.headers.get("cache-control")).toBe("no-store");
  });

  it("lets anonymous answers be cached as their routes say", async () => {
    const prices = await store.post("/api/prices", { currency: "EUR" });
    expect(prices.headers.get("cache-control")).not.toBe("no-store");
  });

  it("serves the API docs to everyone outside production", async () => {
    expect((await store.call("/api/docs/json")).status).toBe(200);
    expect((await store.call("/api/docs")).status).toBe(200);
  });
});

describe("API docs in production", () => {
  const production = { NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" };

  it("are for staff only by default", async () => {
    const store = await startTestStore(production);
    try {
      expect(store.config.apiDocs).toBe("staff");
      expect((await store.call("/api/docs/json")).status).toBe(401);
      expect((await store.call("/api/docs")).status).toBe(401);
      const customer = await registerCustomer(store);
      expect((await store.call("/api/docs/json", { token: customer.accessToken })).status).toBe(403);
      const staff = await registerStaff(store);
      const docs = await store.call("/api/docs/json", { token: staff.accessToken });
      expect(docs.status).toBe(200);
      expect(docs.body.openapi).toMatch(/^3\./);
    } finally {
      await store.close();
    }
  });

  it("are public with API_DOCS=public and absent with API_DOCS=off", async () => {
    const open = await startTestStore({ ...production, API_DOCS: "public" });
    try {
      expect((await open.call("/api/docs/json")).status).toBe(200);
    } finally {
      await open.close();
    }
    const off = await startTestStore({ ...production, API_DOCS: "off" });
    try {
      expect((await off.call("/api/docs/json")).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
