import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedCustomer, registerCustomer } from "../../test/accounts";
import { startTestStore, type ApiAnswer, type TestStore } from "../../test/test-store";
import { orderBody } from "../../test/orders-test-support";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

/** Closes per round: one; the close route allows ten a minute, and the probe takes one. */
const ROUNDS = 8;
const ORDERS = 10;

const deposit = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.test", businessName: "", country: "ES", city: "Madrid", address1: "Calle 1", state: "", zipCode: "28013", agreedToPP_TOS: true, depositAmount: 20, currency: "EUR" };

/** Starts `request` `delayMs` after the close was sent: the requests land before, during and after it. */
const after = (delayMs: number, request: () => Promise<ApiAnswer>) => new Promise<ApiAnswer>((resolve, reject) => setTimeout(() => request().then(resolve, reject), delayMs));

describe("POST /api/accounts/close racing the customer's own requests", () => {
  it("lets no order, deposit or message in after the close: either an order came first and the close is refused, or nothing landed after it", async () => {
    // How long the close takes to check a password (slow on purpose): a wrong one answers just after the check.
    const probe = await registerCustomer(store);
    const verifyStarted = performance.now();
    expect((await store.post("/api/accounts/close", { password: "not-the-password" }, { token: probe.accessToken })).status).toBe(400);
    // The burst starts around the moment the close's password is checked, and homes in on it: later after a round in
    // which an order came first (the close refused), earlier after one the close won.
    let start = performance.now() - verifyStarted;
    let step = start / 3;
    for (let round = 0; round < ROUNDS; round++) {
      const ada = await fundedCustomer(store, 500_000);
      const token = ada.accessToken;
      // A finished order (it does not keep the account open) whose thread the customer writes to during the close.
      const done = await store.post("/api/orders", orderBody(), { token });
      expect((await store.post(`/api/orders/${done.body.id}/cancel`, {}, { token })).status).toBe(200);

      const close = store.post("/api/accounts/close", { password: ada.password }, { token });
      const orders = Array.from({ length: ORDERS }, (_, i) => after(start + i * 4, () => store.post("/api/orders", orderBody(), { token })));
      const deposits = [6, 18, 30].map((delay) => after(start + delay, () => store.post("/api/balance/deposit", deposit, { token })));
      const messages = [2, 14, 26].map((delay) => after(start + delay, () => store.post(`/api/orders/${done.body.id}/messages`, { body: `Words sent at ${delay} ms.` }, { token })));
      const closed = await close;
      const answers = await Promise.all([...orders, ...deposits, ...messages]);
      start = Math.max(0, start + (closed.status === 200 ? -step : step));
      step = Math.max(step * 0.6, 4);

      for (const answer of answers) expect([200, 401]).toContain(answer.status);
      const placed = (await Promise.all(orders)).filter((answer) => answer.status === 200).map((answer) => answer.body.id as string);
      const db = store.db.kysely;
      const stored = await db.selectFrom("orders").select(["id", "status"]).where("user_id", "=", ada.userId).where("id", "!=", done.body.id).execute();
      // Every order that answered 200 exists and is paid, and no other was stored.
      expect(stored.sort((a, b) => a.id.localeCompare(b.id))).toEqual(placed.sort((a, b) => a.localeCompare(b)).map((id) => ({ id, status: "paid" })));
      if (closed.status === 200) {
        // The close won: nothing the customer sent committed after it, so nothing of theirs escaped the erasure.
        expect(placed).toEqual([]);
        const depositRows = await db.selectFrom("deposits").select("billing_json").where("user_id", "=", ada.userId).execute();
        expect(depositRows.every((row) => row.billing_json === "{}")).toBe(true);
        const bodies = await db.selectFrom("order_messages").select("body").where("order_id", "=", done.body.id).execute();
        expect(bodies.every((row) => row.body === "")).toBe(true);
        expect((await store.post("/api/Accounts/login", { email: ada.email, password: ada.password })).status).toBe(400);
      } else {
        // An order came first: the close is refused because of it, and the customer is still signed in.
        expect(closed.status).toBe(400);
        expect(closed.body.errors[""]).toEqual([expect.stringContaining("open orders")]);
        expect(placed.length).toBeGreaterThan(0);
        expect((await store.call("/api/Accounts/profile", { token })).status).toBe(200);
      }
    }
  });
});
