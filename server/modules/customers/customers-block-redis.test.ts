import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer } from "../../test/accounts";
import { startTestStore, TEST_REDIS_URL, type TestStore } from "../../test/test-store";
import { staffMember } from "../../test/orders-test-support";

// Two instances sharing Redis and the signing key, as in a cluster: a block on one ends the sign-in on the other.
const shared = { REDIS_URL: TEST_REDIS_URL, JWT_SECRET: `block-test-${randomUUID()}-${randomUUID()}` };
let one: TestStore;
let other: TestStore;
beforeAll(async () => {
  [one, other] = await Promise.all([startTestStore(shared), startTestStore(shared)]);
});
afterAll(async () => {
  await Promise.all([one?.close(), other?.close()]);
});

describe("blocking a customer with REDIS_URL", () => {
  it("refuses their access token on every instance at once", async () => {
    const buyer = await registerCustomer(one);
    const manager = await staffMember(one, "manager");
    // The other instance accepts the token before the block (it checks the signature and the shared list of ended sign-ins).
    expect((await other.call("/api/orders", { token: buyer.accessToken })).status).toBe(200);
    expect((await one.post(`/api/admin/customers/${buyer.userId}/block`, { reason: "Card fraud" }, { token: manager.token })).status).toBe(200);
    expect((await other.call("/api/orders", { token: buyer.accessToken })).status).toBe(401);
    expect((await one.call("/api/orders", { token: buyer.accessToken })).status).toBe(401);
  });
});
