import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

let store: TestStore;
let buyer: TestCustomer;
let staffToken: string;
beforeAll(async () => {
  store = await startTestStore({ UPLOAD_LIMIT_BYTES: "1000" }, { listen: true });
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

  it("refuses a file over UPLOAD_LIMIT_BYTES with 413 before reading it, keeping nothing and changing nothing", async () => {
    const order = await place();
    const answer = await store.call(`/api/admin/orders/${order.id}/deliver?fileName=big.txt`, {
      method: "POST",
      raw: "x".repeat(5000),
      token: staffToken,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ status: 413, title: "Payload Too Large", detail: "The request body is larger than 1000 bytes." });
    expect((await store.services.orders.find(order.id))?.status).toBe("paid");
    expect(filesOf(order.id)).toEqual([]);
  });

  it("cuts off a streamed file without a length as soon as it passes the limit, and leaves no partial file", async () => {
    const order = await place();
    const chunks = [Buffer.alloc(600, 1), Buffer.alloc(600, 2), Buffer.alloc(600, 3)];
    const body = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const response = await fetch(`${store.url}/api/admin/orders/${order.id}/deliver?fileName=big.txt`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/octet-stream", authorization: `Bearer ${staffToken}` },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 413, title: "Payload Too Large" });
    expect((await store.services.orders.find(order.id))?.status).toBe("paid");
    expect(filesOf(order.id)).toEqual([]);
  });

  it("asks for a staff token before taking in any of the file", async () => {
    const order = await place();
    const answer = await store.call(`/api/admin/orders/${order.id}/deliver?fileName=big.txt`, {
      method: "POST",
      raw: "x".repeat(5000),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(answer.status).toBe(401);
  });
});

/** Whatever storage holds for an order, partial files included. */
function filesOf(orderId: string): string[] {
  const folder = path.join(store.config.DATA_DIR, "files", "results", orderId);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}
