import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import { createAccountsModule } from "./accounts-module";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "ledger-kestrel-violet-9" }, { listen: true });
});
afterAll(() => store.close());

describe("ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("make sure an admin exists at start, who signs in at the back office and enrols the second factor first", async () => {
    const customerSignIn = await store.post("/api/Accounts/login", { email: "boss@example.com", password: "ledger-kestrel-violet-9" });
    expect(customerSignIn.status).toBe(400);
    expect(customerSignIn.body.errors[""][0]).toContain("/admin/sign-in");
    const staffSignIn = await store.post("/api/admin/auth/sign-in", { email: "boss@example.com", password: "ledger-kestrel-violet-9" });
    expect(staffSignIn.status).toBe(200);
    expect(staffSignIn.body).toMatchObject({ step: "enrol", enrolment: { secret: expect.any(String), qrCode: expect.stringMatching(/^data:image\/png;base64,/) } });
    expect(staffSignIn.body.enrolment.otpauthUrl).toContain("issuer=Scriptorium");
  });

  it("never promote an existing customer account, and say so in one log line", async () => {
    const customer = await registerCustomer(store);
    expect(await store.services.accounts.ensureAdmin(customer.email, "ignored-because-it-exists")).toBe("refused");
    const log = vi.fn();
    const accounts = createAccountsModule({
      db: store.db.kysely, redis: null, mail: store.services.mail, secret: "another-secret-another-secret-0123", publicUrl: store.url,
      admin: { email: customer.email.toUpperCase(), password: "ignored-because-it-exists" },
    });
    await accounts.prepare(log);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(new RegExp(`ADMIN_EMAIL ${customer.email.replace(/[.+]/g, "\\$&")} belongs to a customer account`));
    const login = await store.post("/api/Accounts/login", { email: customer.email, password: customer.password });
    expect((await store.call("/api/Accounts/profile", { token: login.body.accessToken })).body.role).toBe("customer");
  });
});
