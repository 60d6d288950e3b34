import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { startTestStore, TEST_DATABASE_URL } from "../../test/test-store";
import {
  ARTICLE_EUR,
  closeAfterEach,
  customer,
  expectNoOrderNoDebit,
  holdBalanceRow,
  leavingOrder,
  orderBody,
  untilAnOrderWaitsForALock,
} from "../../test/orders-test-support";

const closing = closeAfterEach();

// PostgreSQL only: there an order's transaction waits inside itself for row locks (the balance, the invoice series)
// that other orders hold. A SQLite transaction starts with the write lock (BEGIN IMMEDIATE) and waits before it begins,
// where the first check already looks (server/http/load-shedding.test.ts).
describe.skipIf(!TEST_DATABASE_URL)("an order whose client leaves while it waits for a lock inside its transaction", () => {
  it("is rolled back: no order, no debit, and the customer can still order", async () => {
    const requests: Array<{ request: FastifyRequest; reply: FastifyReply }> = [];
    const store = closing(await startTestStore({}, { listen: true, holdWork: async (request, reply) => void requests.push({ request, reply }) }));
    const buyer = await customer(store, { currency: "EUR", minor: ARTICLE_EUR });

    // Another transaction holds the buyer's balance row, as a concurrent order of theirs would.
    const holder = await holdBalanceRow(store, buyer.id);
    const order = leavingOrder(store, buyer);
    // The order's debit is waiting for the row.
    await untilAnOrderWaitsForALock(store);
    const socketClosed = new Promise((resolve) => requests[0]!.request.raw.socket.once("close", resolve));
    order.leave();
    expect(await order.answer).toBeInstanceOf(Error);
    await socketClosed;
    await holder.release();

    // The server is done with it once its answer is written (to nobody): with an order, or without.
    const { reply } = requests[0]!;
    await vi.waitFor(() => expect(reply.sent || reply.raw.writableEnded).toBe(true), { timeout: 10_000, interval: 20 });
    await expectNoOrderNoDebit(store, buyer, ARTICLE_EUR);
    expect((await store.post("/api/orders", orderBody(), { token: buyer.token })).status).toBe(200);
  });
});
