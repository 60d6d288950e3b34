import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "ledger-kestrel-violet-9" });
});
afterAll(() => store.close());

describe("ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("make sure a staff account exists at start", async () => {
    const login = await store.post("/api/Accounts/login", { email: "boss@example.com", password: "ledger-kestrel-violet-9" });
    expect(login.status).toBe(200);
    const profile = await store.call("/api/Accounts/profile", { token: login.body.accessToken });
    expect(profile.body).toMatchObject({ email: "boss@example.com", role: "admin" });
  });

  it("promote an existing account to staff and keep its password", async () => {
    const customer = await registerCustomer(store);
    await store.services.accounts.ensureAdmin(customer.email, "ignored-because-it-exists");
    const login = await store.post("/api/Accounts/login", { email: customer.email, password: customer.password });
    expect((await store.call("/api/Accounts/profile", { token: login.body.accessToken })).body.role).toBe("admin");
  });
});
