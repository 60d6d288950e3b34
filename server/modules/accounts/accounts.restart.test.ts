import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, type TestStore } from "../../test/test-store";
import { createAccountsModule } from "./accounts-module";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

/** The accounts module as a freshly started process builds it on the same database, with no Redis. */
async function restarted() {
  const accounts = createAccountsModule({
    db: store.db.kysely,
    redis: null,
    mail: store.services.mail,
    secret: store.config.JWT_SECRET!,
    publicUrl: store.config.publicUrl,
  });
  await accounts.prepare();
  return accounts;
}

describe("ended sign-ins across a restart without Redis", () => {
  it("keeps refusing the access token of a sign-out, while a live sign-in's token still works", async () => {
    const gone = await registerCustomer(store);
    const live = await registerCustomer(store);
    expect((await store.post("/api/Accounts/logout", { refreshToken: gone.refreshToken })).status).toBe(200);
    expect((await store.call("/api/Accounts/profile", { token: gone.accessToken })).status).toBe(401);

    const accounts = await restarted();
    expect(await accounts.accessTokens.verify(gone.accessToken)).toBeNull();
    expect(await accounts.accessTokens.verify(live.accessToken)).toMatchObject({ id: live.userId });
  });

  it("keeps refusing the access tokens of sign-ins ended by a password change", async () => {
    const customer = await registerCustomer(store);
    const other = await store.services.accounts.login({ email: customer.email, password: customer.password, rememberMe: false });
    const changed = await store.post(
      "/api/Accounts/change-password",
      { currentPassword: customer.password, password: "another-harbour-lantern-77", repeatedPassword: "another-harbour-lantern-77" },
      { token: customer.accessToken },
    );
    expect(changed.status).toBe(200);

    const accounts = await restarted();
    expect(await accounts.accessTokens.verify(other.accessToken)).toBeNull();
  });
});
