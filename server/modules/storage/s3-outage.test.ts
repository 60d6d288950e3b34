import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startFakeS3, type FakeS3 } from "./fake-s3";

let fakeS3: FakeS3;
let store: TestStore;
let owner: TestCustomer;
let writer: TestCustomer;
let orderId: string;
/** An order in progress with `writer`: the one a new version is uploaded to. */
let inProgressId: string;
const bytes = randomBytes(50_000);

beforeAll(async () => {
  fakeS3 = await startFakeS3();
  store = await startTestStore(fakeS3.env, { listen: true });
  owner = await customer(store, { currency: "EUR", minor: 100_000 });
  const manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
  orderId = (await store.post("/api/orders", orderBody(), { token: owner.token })).body.id;
  inProgressId = (await store.post("/api/orders", orderBody(), { token: owner.token })).body.id;
  expect((await store.post(`/api/admin/orders/${inProgressId}/assign`, { writerId: writer.id }, { token: manager.token })).status).toBe(200);
  expect((await store.post(`/api/admin/orders/${inProgressId}/start`, undefined, { token: writer.token })).status).toBe(200);
  await store.services.orders.deliver(orderId, { fileName: "report.pdf", content: bytes });
});
afterAll(async () => {
  await store?.close();
  await fakeS3?.close();
});

const download = (locale = "en") =>
  fetch(`${store.url}/api/orders/${orderId}/result`, { headers: { authorization: `Bearer ${owner.token}`, "accept-language": locale } });

/** Polls `probe` until it answers true, failing after `ms` (the readiness cache keeps an answer a second). */
async function until(what: string, ms: number, probe: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const readyz = async () => {
  const response = await fetch(`${store.url}/readyz`);
  return { status: response.status, body: (await response.json()) as { dependencies: Record<string, string> } };
};

describe("S3 storage down", () => {
  it("answers a download and an upload with 503 and Retry-After, and /readyz and /metrics name the storage, until S3 is back", async () => {
    expect((await download()).status).toBe(200);
    await until("/readyz 200 with the storage up", 10_000, async () => (await readyz()).status === 200);
    expect((await readyz()).body.dependencies).toEqual({ database: "up", storage: "up" });

    await fakeS3.stop();
    try {
      const down = await download();
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(down.headers.get("content-type")).toContain("application/json");
      // Nothing of the file's own headers stays on the error.
      expect(down.headers.get("content-disposition")).toBeNull();
      expect(down.headers.get("etag")).toBeNull();
      expect(await down.json()).toEqual({
        status: 503,
        title: "Service Unavailable",
        detail: "The file storage is not answering right now. Try again in a few seconds.",
      });
      expect((await (await download("es")).json()).detail).toBe("El almacenamiento de archivos no responde en este momento. Vuelve a intentarlo en unos segundos.");

      const form = new FormData();
      form.append("files", new Blob(["the revised text"]), "revised.txt");
      const upload = await fetch(`${store.url}/api/admin/orders/${inProgressId}/versions`, { method: "POST", body: form, headers: { authorization: `Bearer ${writer.token}` } });
      expect(upload.status).toBe(503);
      expect(upload.headers.get("retry-after")).toBe("5");

      await until("/readyz to name the storage down", 10_000, async () => {
        const answer = await readyz();
        return answer.status === 503 && answer.body.dependencies.storage === "down";
      });
      expect((await readyz()).body.dependencies.database).toBe("up");
      expect(await (await fetch(`${store.url}/metrics`)).text()).toContain('scriptorium_dependency_up{dependency="storage"} 0');
    } finally {
      await fakeS3.restart();
    }
    await until("/readyz 200 once S3 answers again", 10_000, async () => (await readyz()).status === 200);
    const back = await download();
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers 404, not 500, when the file is missing from the bucket", async () => {
    const file = (await store.services.orders.resultFor(owner.id, orderId))!;
    await store.services.storage.remove(file.key);
    const missing = await download();
    expect(missing.status).toBe(404);
    expect((await missing.json()).status).toBe(404);
  });
});
