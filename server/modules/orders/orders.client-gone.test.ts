import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestStore, TEST_DATABASE_URL, type TestStore } from "../../test/test-store";
import { customer, ledgerSum, orderBody, orderCount } from "../../test/orders-test-support";

const ARTICLE_EUR = 14_900;
let store: TestStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

// PostgreSQL only: there an order's transaction waits inside itself for row locks (the balance, the invoice series)
// that other orders hold. A SQLite transaction starts with the write lock (BEGIN IMMEDIATE) and waits before it begins,
// where the first check already looks (server/http/load-shedding.test.ts).
describe.skipIf(!TEST_DATABASE_URL)("an order whose client leaves while it waits for a lock inside its transaction", () => {
  it("is rolled back: no order, no debit, and the customer can still order", async () => {
    const requests: Array<{ request: FastifyRequest; reply: FastifyReply }> = [];
    store = await startTestStore({}, { listen: true, holdWork: async (request, reply) => void requests.push({ request, reply }) });
    const buyer = await customer(store, { currency: "EUR", minor: ARTICLE_EUR });

    // Another transaction holds the buyer's balance row, as a concurrent order of theirs would.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = store.db.kysely.transaction().execute(async (trx) => {
      await sql`select amount from balances where user_id = ${buyer.id} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;

    const leaving = new AbortController();
    const request = fetch(`${store.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify(orderBody()),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    // The order's debit is waiting for the row: one backend of this database waits for a lock.
    await vi.waitFor(
      async () => {
        const waiting = await sql<{ count: number }>`select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(store!.db.kysely);
        expect(waiting.rows[0]!.count).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 20 },
    );
    const socketClosed = new Promise((resolve) => requests[0]!.request.raw.socket.once("close", resolve));
    leaving.abort();
    expect(await request).toBeInstanceOf(Error);
    await socketClosed;
    release();
    await holder;

    // The server is done with it once its answer is written (to nobody): with an order, or without.
    const { reply } = requests[0]!;
    await vi.waitFor(() => expect(reply.sent || reply.raw.writableEnded).toBe(true), { timeout: 10_000, interval: 20 });
    expect(await orderCount(store, buyer.id)).toBe(0);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(ARTICLE_EUR);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(ARTICLE_EUR);
    expect((await store.post("/api/orders", orderBody(), { token: buyer.token })).status).toBe(200);
  });
});
