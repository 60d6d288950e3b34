import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, type TestCustomer } from "../../test/orders-test-support";
import { startFakeS3, type FakeS3 } from "./fake-s3";

let fakeS3: FakeS3;
let store: TestStore;
let owner: TestCustomer;
let orderId: string;
const bytes = randomBytes(200_000);

beforeAll(async () => {
  fakeS3 = await startFakeS3();
  store = await startTestStore(fakeS3.env, { listen: true });
  owner = await customer(store, { currency: "EUR", minor: 100_000 });
  orderId = (await store.post("/api/orders", orderBody(), { token: owner.token })).body.id;
  await store.services.orders.deliver(orderId, { fileName: "report.pdf", content: bytes });
});
afterAll(async () => {
  await store?.close();
  await fakeS3?.close();
});

async function download(headers: Record<string, string> = {}) {
  const response = await fetch(`${store.url}/api/orders/${orderId}/result`, { headers: { authorization: `Bearer ${owner.token}`, ...headers } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe("GET /api/orders/:id/result with STORAGE=s3", () => {
  it("serves the delivered file whole from the bucket", async () => {
    const answer = await download();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-length")).toBe("200000");
    expect(answer.body.equals(bytes)).toBe(true);
  });

  it("serves one range as 206 and a range past the end as 416", async () => {
    const part = await download({ range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 1000-1999/200000");
    expect(part.body.equals(bytes.subarray(1000, 2000))).toBe(true);
    const suffix = await download({ range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(suffix.body.equals(bytes.subarray(199_990))).toBe(true);
    const etag = part.headers.get("etag")!;
    const ifRange = await download({ range: "bytes=0-9", "if-range": etag });
    expect(ifRange.status).toBe(206);
    expect(ifRange.body.equals(bytes.subarray(0, 10))).toBe(true);
    expect((await download({ range: "bytes=200000-" })).status).toBe(416);
  });

  it("keeps every version in the bucket, and the result answers the newest", async () => {
    const replacement = randomBytes(5_000);
    const previous = (await store.services.orders.resultFor(owner.id, orderId))!.key;
    await store.services.orders.actions.requestRevision(orderId, { id: owner.id, role: "customer" }, "A second version, please.");
    await store.services.orders.deliver(orderId, { fileName: "report-v2.pdf", content: replacement });
    expect(await store.services.storage.stat(previous)).not.toBeNull();
    const answer = await download();
    expect(answer.status).toBe(200);
    expect(answer.body.equals(replacement)).toBe(true);
  });
});
