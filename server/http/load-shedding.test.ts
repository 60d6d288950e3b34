import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { ARTICLE_EUR, closeAfterEach, customer, expectNoOrderNoDebit, leavingOrder, ledgerSum, orderBody, orderCount } from "../test/orders-test-support";
import { startTestStore } from "../test/test-store";

const closing = closeAfterEach();

/** Requests that reach their handler wait at this gate until the test opens it; `arrived(n)` resolves once n wait. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const waiting: Array<{ request: FastifyRequest; reply: FastifyReply }> = [];
  const watchers: Array<() => void> = [];
  return {
    open,
    waiting,
    async hold(request: FastifyRequest, reply: FastifyReply) {
      waiting.push({ request, reply });
      for (const watch of watchers) watch();
      await opened;
    },
    arrived: (count: number) =>
      new Promise<void>((resolve) => {
        const watch = () => waiting.length >= count && resolve();
        watchers.push(watch);
        watch();
      }),
  };
}

describe("load shedding (MAX_IN_FLIGHT)", () => {
  it("answers the request past the limit at once with a translated 503 and Retry-After, and takes requests again once the work in hand is done", async () => {
    const held = gate();
    const store = closing(await startTestStore({ MAX_IN_FLIGHT: "2" }, { holdWork: held.hold, listen: true }));
    const buyer = await customer(store, { currency: "EUR", minor: 2 * ARTICLE_EUR });
    const first = store.post("/api/orders", orderBody(), { token: buyer.token });
    const second = store.call("/api/orders", { token: buyer.token });
    await held.arrived(2);

    const refused = await store.call("/api/orders", { token: buyer.token, headers: { "accept-language": "es" } });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ status: 503, title: "Servicio no disponible", detail: "La tienda está ocupada. Vuelve a intentarlo en un momento." });
    const refusedOrder = await store.post("/api/orders", orderBody(), { token: buyer.token });
    expect(refusedOrder.status).toBe(503);
    // Health and readiness are not work: a balancer still hears that the process is alive and ready.
    expect((await store.call("/healthz")).status).toBe(200);
    expect((await store.call("/readyz")).status).toBe(200);
    expect(held.waiting).toHaveLength(2);
    // Operators see it on /metrics: two in flight now, and the limit was reached since the last scrape.
    const during = (await store.call("/metrics")).body as string;
    expect(during).toContain('http_requests_in_flight{reading="now"} 2');
    expect(during).toContain('http_requests_in_flight{reading="peak"} 2');

    held.open();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    // The refused order was never started: one order, one debit.
    expect(await orderCount(store, buyer.id)).toBe(1);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(ARTICLE_EUR);
    const again = await Promise.all([store.post("/api/orders", orderBody(), { token: buyer.token }), store.call("/api/orders", { token: buyer.token })]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    // The peak is per scrape period: the last one saw the two orders above, the next one starts from what is in flight.
    expect((await store.call("/metrics")).body).toContain('http_requests_in_flight{reading="peak"} 2');
    expect((await store.call("/metrics")).body).toContain('http_requests_in_flight{reading="peak"} 0');
  });

  it("places no order and charges nothing when the client has gone before the work starts", async () => {
    const held = gate();
    const store = closing(await startTestStore({}, { holdWork: held.hold, listen: true }));
    const buyer = await customer(store, { currency: "EUR", minor: ARTICLE_EUR });
    const order = leavingOrder(store, buyer);
    await held.arrived(1);
    const { request: waiting, reply } = held.waiting[0]!;
    const socketClosed = new Promise((resolve) => waiting.raw.socket.once("close", resolve));
    order.leave();
    expect(await order.answer).toBeInstanceOf(Error);
    await socketClosed;
    held.open();
    // The server is done with it once its answer is written (to nobody): with an order, or without.
    await vi.waitFor(() => expect(reply.sent || reply.raw.writableEnded).toBe(true), { timeout: 10_000, interval: 20 });

    await expectNoOrderNoDebit(store, buyer, ARTICLE_EUR);
    // The same customer, still there, places it.
    expect((await store.post("/api/orders", orderBody(), { token: buyer.token })).status).toBe(200);
  });
});
