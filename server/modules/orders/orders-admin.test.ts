import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "./orders-test-support";

let store: TestStore;
let buyer: TestCustomer;
let staffToken: string;
beforeAll(async () => {
  store = await startTestStore();
  buyer = await customer(store, { currency: "EUR", minor: 100_000 });
  staffToken = (await staffMember(store, "admin")).token;
});
afterAll(() => store.close());

const place = async () => (await store.post("/api/orders", orderBody(), { token: buyer.token })).body as { id: string; number: string };

describe("staff order routes", () => {
  it("start work, then deliver a file sent as the raw body, which the customer downloads", async () => {
    const order = await place();
    const started = await store.post(`/api/admin/orders/${order.id}/start`, undefined, { token: staffToken });
    expect(started.body).toEqual({ id: order.id, number: order.number, status: "in_progress" });
    const delivered = await store.call(`/api/admin/orders/${order.id.toUpperCase()}/deliver?fileName=${encodeURIComponent("Entrega final.txt")}`, {
      method: "POST",
      raw: "the final text",
      token: staffToken,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ id: order.id, number: order.number, status: "delivered", version: 1, result: { fileName: "Entrega final.txt", size: 14 } });
    const download = await store.call(`/api/orders/${order.id}/result`, { token: buyer.token });
    expect(download.body).toBe("the final text");
  });

  it("cancels with a refund, and answers 409 when the status does not allow the move", async () => {
    const order = await place();
    const cancelled = await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "The customer asked by phone" }, { token: staffToken });
    expect(cancelled.body.status).toBe("cancelled");
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100_000 - 14_900);
    const again = await store.post(`/api/admin/orders/${order.id}/start`, undefined, { token: staffToken });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("The order is cancelled; it cannot be changed this way.");
  });

  it("refuses customers (403), anonymous callers (401) and unknown orders (404), and needs the file as the body", async () => {
    const order = await place();
    expect((await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "x" }, { token: buyer.token })).status).toBe(403);
    expect((await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "x" })).status).toBe(401);
    expect((await store.post(`/api/admin/orders/${randomUUID()}/start`, undefined, { token: staffToken })).status).toBe(404);
    await store.post(`/api/admin/orders/${order.id}/start`, undefined, { token: staffToken });
    const json = await store.post(`/api/admin/orders/${order.id}/deliver?fileName=a.txt`, { text: "x" }, { token: staffToken });
    expect(json.status).toBe(400);
    expect(json.body.errors[""]).toEqual(["Send the file as the request body with Content-Type: application/octet-stream."]);
  });
});
