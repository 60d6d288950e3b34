import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasNginx, startNginx } from "../../test/nginx";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, type TestCustomer } from "../../test/orders-test-support";

// DOWNLOAD_ACCEL_PATH: the store checks who may download and nginx sends the bytes (docs/operations.md). CI installs
// nginx; a machine without it skips these, as the cluster test does.
describe.skipIf(!hasNginx)("result downloads handed to nginx (DOWNLOAD_ACCEL_PATH)", () => {
  let store: TestStore;
  let nginx: { url: string; stop(): void } | null;
  let owner: TestCustomer;
  let resultPath: string;
  const bytes = randomBytes(300_000);

  beforeAll(async () => {
    store = await startTestStore({ DOWNLOAD_ACCEL_PATH: "/_files/" }, { listen: true });
    nginx = await startNginx(
      store.config.DATA_DIR,
      `location /_files/ { internal; alias ${store.config.DATA_DIR}/files/; }
       location / { proxy_pass ${store.url}; }`,
    );
    owner = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: owner.token });
    await store.services.orders.deliver(placed.body.id, { fileName: "Informe año 2026.pdf", content: bytes });
    resultPath = `/api/orders/${placed.body.id}/result`;
  });
  afterAll(async () => {
    nginx?.stop();
    await store.close();
  });

  const download = (headers: Record<string, string> = {}, token = owner.token) =>
    fetch(nginx!.url + resultPath, { headers: { authorization: `Bearer ${token}`, ...headers } });

  it("sends the owner the exact bytes through nginx, with the store's type and file name", async () => {
    const answer = await download();
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-length")).toBe("300000");
    expect(answer.headers.get("content-disposition")).toContain("filename*=UTF-8''Informe%20a%C3%B1o%202026.pdf");
    expect(answer.headers.get("x-accel-redirect")).toBeNull();
  });

  it("resumes a download: one range comes back as 206 with exactly those bytes", async () => {
    const part = await download({ range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 1000-1999/300000");
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it("still answers 404 to another customer, and the files' own location is not reachable from outside", async () => {
    const stranger = await customer(store);
    expect((await download({}, stranger.token)).status).toBe(404);
    expect((await fetch(nginx!.url + resultPath)).status).toBe(401);
    const key = (await store.db.kysely.selectFrom("order_files").select("storage_key").executeTakeFirstOrThrow()).storage_key;
    expect((await fetch(`${nginx!.url}/_files/${key}`)).status).toBe(404);
  });

  it("asks nginx for the file by its storage path and sends no byte itself", async () => {
    const answer = await fetch(store.url + resultPath, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(answer.headers.get("x-accel-redirect")).toMatch(/^\/_files\/[a-z0-9/._-]+$/);
    expect((await answer.arrayBuffer()).byteLength).toBe(0);
  });
});
