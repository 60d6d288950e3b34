import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, type ManualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import {
  articleBrief,
  customer,
  orderBody,
  seoBrief,
  staffMembers,
  type TestCustomer,
} from "../../test/orders-test-support";

// Issue 28: the writer you liked. A buyer marks the writer of an accepted deliverable as a favourite and asks for them
// on the next order; staff get it assigned when that writer is active, else in the pool with the wish shown.
let store: TestStore;
let clock: ManualClock;
let writer: TestCustomer;
let manager: TestCustomer;
let admin: TestCustomer;
beforeAll(async () => {
  clock = manualClock("2026-01-05T09:00:00.000Z");
  store = await startTestStore({}, { clock, listen: true });
  [writer, manager, admin] = await staffMembers(store, ["writer", "manager", "admin"]);
  const named = await store.post(
    `/api/admin/staff/${writer.id}/display-name`,
    { displayName: "Quill" },
    { token: admin.token },
  );
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  expect(named.body.displayName).toBe("Quill");
});
afterAll(() => store.close());

const staff = (path: string, who: TestCustomer, body?: unknown) =>
  store.post(`/api/admin/orders/${path}`, body, { token: who.token });
const page = async (ref: string, who: TestCustomer) =>
  (await store.call(`/api/orders/${ref}`, { token: who.token })).body;

async function order(buyer: TestCustomer, items = orderBody().orderFormData) {
  const answer = await store.post("/api/orders", orderBody(items), { token: buyer.token });
  return answer;
}

/** A buyer whose first article `writerOf` wrote and the buyer accepted. */
async function acceptedWork(writerOf: TestCustomer) {
  const buyer = await customer(store, { currency: "EUR", minor: 200_000 });
  const placed = await order(buyer);
  expect(placed.status).toBe(200);
  const id = placed.body.id as string;
  expect((await staff(`${id}/deliverables/1/assign`, manager, { writerId: writerOf.id })).status).toBe(200);
  expect((await staff(`${id}/deliverables/1/start`, writerOf)).status).toBe(200);
  const form = new FormData();
  form.append("files", new Blob(["the article"]), "article.md");
  const delivered = await fetch(`${store.url}/api/admin/orders/${id}/deliverables/1/versions`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${writerOf.token}` },
  });
  expect(delivered.status).toBe(200);
  return { buyer, id };
}

describe("the writer you liked", () => {
  it("is marked after accepting, shown by display name only, and assigned the next order's work at once", async () => {
    const { buyer, id } = await acceptedWork(writer);
    const early = await store.post(`/api/orders/${id}/deliverables/1/favourite`, undefined, { token: buyer.token });
    expect(early.status).toBe(409);
    expect(
      (await store.post(`/api/orders/${id}/deliverables/1/accept`, undefined, { token: buyer.token })).status,
    ).toBe(200);
    const marked = await store.post(`/api/orders/${id}/deliverables/1/favourite`, undefined, { token: buyer.token });
    expect(marked.status).toBe(200);
    expect(marked.body.deliverables[0].writer).toEqual({ writerId: writer.id, displayName: "Quill", favourite: true });
    const listed = (await store.call("/api/favourite-writers", { token: buyer.token })).body;
    expect(listed).toEqual({ writers: [{ writerId: writer.id, displayName: "Quill" }] });
    // Never the e-mail or the full name anywhere on the buyer's page.
    const seen = JSON.stringify(await page(id, buyer));
    expect(seen).not.toContain(writer.email);
    expect(seen).not.toContain("Lovelace");

    const next = await order(buyer, [
      { productId: "article-forge", brief: articleBrief, writerId: writer.id },
      { productId: "seo-layer", brief: seoBrief },
    ]);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const staffSide = (await store.call(`/api/admin/orders/${next.body.id}`, { token: manager.token })).body;
    expect(staffSide.staffDeliverables.map((d: { writer: { id: string } | null }) => d.writer?.id ?? null)).toEqual([
      writer.id,
      null,
    ]);
    expect(staffSide.deliverables[0].wishedWriter).toEqual({ writerId: writer.id, displayName: "Quill", active: true });
    expect(staffSide.deliverables[1].wishedWriter).toBeNull();
    const buyerSide = await page(next.body.number, buyer);
    expect(buyerSide.deliverables[0].writer).toEqual({ writerId: writer.id, displayName: "Quill", favourite: true });
    expect(buyerSide.deliverables[1].writer).toBeNull();
    // The writer can work it without taking it from the pool.
    expect((await staff(`${next.body.id}/deliverables/1/start`, writer)).status).toBe(200);
  });

  it("sends the work to the pool with the wish shown when the favourite writer is no longer active", async () => {
    const [leaving] = await staffMembers(store, ["writer"]);
    const { buyer, id } = await acceptedWork(leaving!);
    expect(
      (await store.post(`/api/orders/${id}/deliverables/1/accept`, undefined, { token: buyer.token })).status,
    ).toBe(200);
    expect(
      (await store.post(`/api/orders/${id}/deliverables/1/favourite`, undefined, { token: buyer.token })).status,
    ).toBe(200);
    expect((await store.post(`/api/admin/staff/${leaving!.id}/deactivate`, {}, { token: admin.token })).status).toBe(
      200,
    );

    const next = await order(buyer, [{ productId: "article-forge", brief: articleBrief, writerId: leaving!.id }]);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const staffSide = (await store.call(`/api/admin/orders/${next.body.id}`, { token: manager.token })).body;
    expect(staffSide.staffDeliverables[0].writer).toBeNull();
    expect(staffSide.deliverables[0].wishedWriter).toEqual({
      writerId: leaving!.id,
      displayName: "Ada L.",
      active: false,
    });
    const pool = (await store.call(`/api/admin/orders?q=${next.body.number}&writer=none`, { token: manager.token }))
      .body.orders;
    expect(pool).toHaveLength(1);
  });

  it("refuses a writer who is not one of the buyer's favourites, in the buyer's language", async () => {
    const buyer = await customer(store, { currency: "EUR", minor: 100_000 });
    const items = [{ productId: "article-forge" as const, brief: articleBrief, writerId: writer.id }];
    const refused = await store.post("/api/orders", orderBody(items), {
      token: buyer.token,
      headers: { "accept-language": "es" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors["orderFormData[0].writerId"]).toEqual([
      "Elige uno de tus redactores favoritos, o ninguno.",
    ]);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100_000);
  });
});

describe("removing a favourite writer", () => {
  it("takes them off the buyer's favourites and the order page, and the next order may no longer ask for them", async () => {
    const { buyer, id } = await acceptedWork(writer);
    expect((await store.post(`/api/orders/${id}/deliverables/1/accept`, undefined, { token: buyer.token })).status).toBe(200);
    expect((await store.post(`/api/orders/${id}/deliverables/1/favourite`, undefined, { token: buyer.token })).status).toBe(200);

    const removed = await store.call(`/api/favourite-writers/${writer.id}`, { method: "DELETE", token: buyer.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ writers: [] });
    expect((await page(id, buyer)).deliverables[0].writer).toEqual({ writerId: writer.id, displayName: "Quill", favourite: false });
    // Removing again changes nothing.
    expect((await store.call(`/api/favourite-writers/${writer.id}`, { method: "DELETE", token: buyer.token })).status).toBe(200);
    const refused = await order(buyer, [{ productId: "article-forge", brief: articleBrief, writerId: writer.id }]);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(["orderFormData[0].writerId"]);
  });
});
