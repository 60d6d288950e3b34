import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, type TestCustomer } from "../../test/orders-test-support";
import { contentDisposition, parseRange } from "./result-download";

let store: TestStore;
let owner: TestCustomer;
let orderId: string;
const bytes = randomBytes(100_000);
const fileName = "Informe de análisis — año 2026.pdf";

beforeAll(async () => {
  store = await startTestStore({}, { listen: true });
  owner = await customer(store, { currency: "EUR", minor: 100_000 });
  const placed = await store.post("/api/orders", orderBody(), { token: owner.token });
  orderId = placed.body.id;
  await store.services.orders.deliver(orderId, { fileName, content: bytes });
});
afterAll(() => store.close());

async function download(headers: Record<string, string> = {}, token = owner.token, id = orderId) {
  const response = await fetch(`${store.url}/api/orders/${id}/result`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip", ...headers } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe("GET /api/orders/:id/result", () => {
  it("sends the owner the exact bytes with type, UTF-8 file name, length, strong ETag and Last-Modified", async () => {
    const answer = await download();
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-length")).toBe("100000");
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(answer.headers.get("accept-ranges")).toBe("bytes");
    expect(answer.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(answer.headers.get("last-modified")).toMatch(/GMT$/);
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="Informe de analisis _ ano 2026.pdf"; filename*=UTF-8''Informe%20de%20an%C3%A1lisis%20%E2%80%94%20a%C3%B1o%202026.pdf`,
    );
  });

  it("answers 404 to another customer, to an unknown id and to an order not delivered yet", async () => {
    const stranger = await customer(store);
    expect((await download({}, stranger.token)).status).toBe(404);
    expect((await download({}, owner.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await download({}, owner.token, "not-an-id")).status).toBe(404);
    const pending = await store.post("/api/orders", orderBody(), { token: owner.token });
    expect((await download({}, owner.token, pending.body.id)).status).toBe(404);
    expect((await fetch(`${store.url}/api/orders/${orderId}/result`)).status).toBe(401);
  });

  it("matches the id whatever its letter case", async () => {
    expect((await download({}, owner.token, orderId.toUpperCase())).status).toBe(200);
  });

  it("serves one range as 206 with Content-Range: a-b, suffix -n and open a-", async () => {
    const part = await download({ range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/100000");
    expect(part.headers.get("content-length")).toBe("100");
    expect(part.body.equals(bytes.subarray(100, 200))).toBe(true);
    const suffix = await download({ range: "bytes=-500" });
    expect(suffix.headers.get("content-range")).toBe("bytes 99500-99999/100000");
    expect(suffix.body.equals(bytes.subarray(99_500))).toBe(true);
    const open = await download({ range: "bytes=99990-" });
    expect(open.status).toBe(206);
    expect(open.body.equals(bytes.subarray(99_990))).toBe(true);
    const beyond = await download({ range: "bytes=99000-200000" });
    expect(beyond.headers.get("content-range")).toBe("bytes 99000-99999/100000");
  });

  it("answers 416 with Content-Range: bytes */size for a range past the end", async () => {
    const answer = await download({ range: "bytes=100000-" });
    expect(answer.status).toBe(416);
    expect(answer.headers.get("content-range")).toBe("bytes */100000");
  });

  it("serves the whole file for several ranges", async () => {
    const answer = await download({ range: "bytes=0-9,20-29" });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(100_000);
  });

  it("honours If-Range only when it names the current ETag", async () => {
    const etag = (await download()).headers.get("etag")!;
    const same = await download({ range: "bytes=0-9", "if-range": etag });
    expect(same.status).toBe(206);
    expect(same.body.equals(bytes.subarray(0, 10))).toBe(true);
    const stale = await download({ range: "bytes=0-9", "if-range": '"0000"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(bytes)).toBe(true);
    expect((await download({ "if-none-match": etag })).status).toBe(304);
  });
});

describe("parseRange", () => {
  it("reads single ranges and falls back to the whole file for anything else", () => {
    expect(parseRange("bytes=0-0", 10)).toEqual({ kind: "part", start: 0, end: 0 });
    expect(parseRange("bytes=-20", 10)).toEqual({ kind: "part", start: 0, end: 9 });
    expect(parseRange("bytes=-0", 10)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=5-2", 10)).toEqual({ kind: "whole" });
    expect(parseRange("items=0-1", 10)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=0-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("contentDisposition", () => {
  it("keeps plain names and escapes quotes in the fallback", () => {
    expect(contentDisposition('deck "final".pptx')).toBe(`attachment; filename="deck _final_.pptx"; filename*=UTF-8''deck%20%22final%22.pptx`);
  });
});
