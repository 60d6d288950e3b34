import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverResultFile } from "../../../scripts/deliver-result";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody } from "../../test/orders-test-support";

let store: TestStore;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-deliver-"));
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(async () => {
  await store.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("scripts/deliver-result.ts", () => {
  it("delivers a file for an order given by number, which its owner can then download", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const placed = await store.post("/api/orders", orderBody(), { token: buyer.token });
    const file = path.join(folder, "Artículo final.md");
    fs.writeFileSync(file, "# Final\n");
    const { number } = await deliverResultFile(store.services, placed.body.number.toLowerCase(), file);
    expect(number).toBe(placed.body.number);
    const download = await store.call(`/api/orders/${placed.body.id}/result`, { token: buyer.token });
    expect(download.body).toBe("# Final\n");
    expect(download.headers.get("content-disposition")).toContain("filename*=UTF-8''Art%C3%ADculo%20final.md");
    await expect(deliverResultFile(store.services, "SC-999999", file)).rejects.toThrow("No order SC-999999");
    await expect(deliverResultFile(store.services, placed.body.id, path.join(folder, "missing.pdf"))).rejects.toThrow(/No file/);
  });

  it("delivers to the deliverable named, or to each awaiting one with all, and asks which on an order of several", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const two = orderBody([
      { productId: "article-forge", brief: articleBrief },
      { productId: "article-forge", brief: articleBrief },
    ]);
    const placed = await store.post("/api/orders", two, { token: buyer.token });
    const file = path.join(folder, "Both.md");
    fs.writeFileSync(file, "# Both\n");
    await expect(deliverResultFile(store.services, placed.body.number, file)).rejects.toMatchObject({ kind: "invalid", fields: { deliverable: [expect.objectContaining({ key: "adminOrders.deliverableNeeded" })] } });
    await deliverResultFile(store.services, placed.body.number, file, 2);
    let detail = await store.call(`/api/orders/${placed.body.id}`, { token: buyer.token });
    expect(detail.body.deliverables.map((deliverable: { status: string }) => deliverable.status)).toEqual(["in_progress", "delivered"]);
    await deliverResultFile(store.services, placed.body.number, file, "all");
    detail = await store.call(`/api/orders/${placed.body.id}`, { token: buyer.token });
    expect(detail.body.deliverables.map((deliverable: { status: string }) => deliverable.status)).toEqual(["delivered", "delivered"]);
  });

  it("explains its usage and fails with a message for an unknown order", () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/deliver-result.ts", ...args], {
        cwd: path.resolve(import.meta.dirname, "../../.."),
        env: { ...process.env, DATA_DIR: folder, DATABASE_URL: "", NODE_ENV: "test" },
        encoding: "utf8",
      });
    const usage = run([]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npx tsx scripts/deliver-result.ts <order number or id> <file path>");
    const unknown = run(["SC-000404", path.join(folder, "Artículo final.md")]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No order SC-000404");
  });
});
