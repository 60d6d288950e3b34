import { describe, expect, it } from "vitest";
import { manualClock, type ManualClock } from "../../platform/clock";
import { startTestStore, TEST_DATABASE_URL } from "../../test/test-store";
import {
  ARTICLE_EUR,
  closeAfterEach,
  customer,
  expectNoOrderNoDebit,
  holdBalanceRow,
  ledgerSum,
  orderBody,
  orderCount,
  untilAnOrderWaitsForALock,
} from "../../test/orders-test-support";

const closing = closeAfterEach();

/** The stamp nginx adds (`X-Request-Start: t=${msec}`) for a request it received `agoMs` before the clock's now. */
const receivedAgo = (clock: ManualClock, agoMs: number) => ({
  "x-request-start": `t=${((clock.now().getTime() - agoMs) / 1000).toFixed(3)}`,
});

describe("an order the proxy received longer ago than ORDER_DEADLINE_MS (issue 22)", () => {
  it("is refused at once with a translated 503 and Retry-After before any money moves; a fresh one, or one without the stamp, is placed", async () => {
    const clock = manualClock();
    const store = closing(await startTestStore({ ORDER_DEADLINE_MS: "1000" }, { clock }));
    const buyer = await customer(store, { currency: "EUR", minor: ARTICLE_EUR });

    const late = await store.post("/api/orders", orderBody(), {
      token: buyer.token,
      headers: { ...receivedAgo(clock, 1500), "accept-language": "es" },
    });
    expect(late.status).toBe(503);
    expect(Number(late.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(late.body).toEqual({
      status: 503,
      title: "Servicio no disponible",
      detail: "La tienda está ocupada. Vuelve a intentarlo en un momento.",
    });
    expect(await orderCount(store, buyer.id)).toBe(0);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(ARTICLE_EUR);

    const fresh = await store.post("/api/orders", orderBody(), {
      token: buyer.token,
      headers: receivedAgo(clock, 900),
    });
    expect(fresh.status).toBe(200);
    expect(await orderCount(store, buyer.id)).toBe(1);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(0);
  });

  it("is never refused for its age when no proxy stamped it, or when ORDER_DEADLINE_MS is 0", async () => {
    const clock = manualClock();
    const store = closing(await startTestStore({ ORDER_DEADLINE_MS: "0" }, { clock }));
    const buyer = await customer(store, { currency: "EUR", minor: 2 * ARTICLE_EUR });
    expect(
      (await store.post("/api/orders", orderBody(), { token: buyer.token, headers: receivedAgo(clock, 60_000) }))
        .status,
    ).toBe(200);
    expect((await store.post("/api/orders", orderBody(), { token: buyer.token })).status).toBe(200);
    expect(await orderCount(store, buyer.id)).toBe(2);
  });
});

// PostgreSQL only: there an order's transaction waits inside itself for row locks (the balance, the invoice series)
// that other orders hold (a SQLite transaction waits for its write lock before it begins, where the first check looks).
describe.skipIf(!TEST_DATABASE_URL)(
  "an order that passes ORDER_DEADLINE_MS while it waits for a lock inside its transaction",
  () => {
    it("is rolled back and answered 503 with Retry-After: no order, no debit, and the customer can still order", async () => {
      const clock = manualClock();
      const store = closing(await startTestStore({ ORDER_DEADLINE_MS: "1000" }, { clock }));
      const buyer = await customer(store, { currency: "EUR", minor: ARTICLE_EUR });

      // Another transaction holds the buyer's balance row, as a concurrent order of theirs would.
      const holder = await holdBalanceRow(store, buyer.id);
      const answer = store.post("/api/orders", orderBody(), { token: buyer.token, headers: receivedAgo(clock, 0) });
      // The order's debit is waiting for the row.
      await untilAnOrderWaitsForALock(store);
      clock.advance(1500);
      await holder.release();

      const refused = await answer;
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      await expectNoOrderNoDebit(store, buyer, ARTICLE_EUR);
      expect(
        (await store.post("/api/orders", orderBody(), { token: buyer.token, headers: receivedAgo(clock, 0) })).status,
      ).toBe(200);
    });
  },
);
