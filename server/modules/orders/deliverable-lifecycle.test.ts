import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, manualClock, type ManualClock } from "../../platform/clock";
import { addBusinessDays } from "./due-dates";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, orderBody, seoBrief, staffMember, type TestCustomer } from "../../test/orders-test-support";

// Issue 24: the deliverable is the unit of work. One order of two services and a bundle of three is five deliverables:
// 1 article-forge, 2 seo-layer, then the bundle's 3 web-copycraft, 4 article-forge, 5 seo-layer.
let store: TestStore;
let clock: ManualClock;
let writer: TestCustomer;
let otherWriter: TestCustomer;
let manager: TestCustomer;
beforeAll(async () => {
  // A Monday morning: article-forge (3 business days) is due on Thursday, seo-layer (5) next Monday.
  clock = manualClock("2026-01-05T09:00:00.000Z");
  store = await startTestStore({}, { clock, listen: true });
  [writer, otherWriter, manager] = await Promise.all([staffMember(store, "writer"), staffMember(store, "writer"), staffMember(store, "manager")]);
});
afterAll(() => store.close());

const webBrief = {
  business: "Panadería Sol",
  offer: "Sourdough bread and pastries baked every morning in the centre of Madrid.",
  audience: "Neighbours and office workers",
  pages: 4,
  tone: "friendly",
  website: "https://bakery.example",
};
const FIVE = [
  { productId: "article-forge" as const, brief: articleBrief },
  { productId: "seo-layer" as const, brief: seoBrief },
  { productId: "full-site-and-content-pack" as const, brief: { "web-copycraft": webBrief, "article-forge": articleBrief, "seo-layer": seoBrief } },
];

async function placed(locale: "en" | "es" = "en") {
  const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
  const answer = await store.post("/api/orders", orderBody(FIVE), { token: buyer.token, headers: { "accept-language": locale } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { buyer, id: answer.body.id as string, number: answer.body.number as string };
}
type Who = TestCustomer;
const staff = (path: string, who: Who, body?: unknown) => store.post(`/api/admin/orders/${path}`, body, { token: who.token });
const mine = (path: string, who: Who, body?: unknown) => store.post(`/api/orders/${path}`, body, { token: who.token });
const page = async (ref: string, who: Who) => (await store.call(`/api/orders/${ref}`, { token: who.token })).body;
const staffPage = async (id: string, who: Who) => (await store.call(`/api/admin/orders/${id}`, { token: who.token })).body;
const statuses = (detail: { deliverables: Array<{ status: string }> }) => detail.deliverables.map((deliverable) => deliverable.status);
const dues = (detail: { deliverables: Array<{ dueAt: string }> }) => detail.deliverables.map((deliverable) => deliverable.dueAt);

/** Delivers a version of deliverable `n` as the browser does (multipart/form-data). */
async function deliver(id: string, n: number, who: Who, text: string) {
  const form = new FormData();
  form.append("files", new Blob([text]), `part-${n}.md`);
  const response = await fetch(`${store.url}/api/admin/orders/${id}/deliverables/${n}/versions`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${who.token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
/** Starts deliverable `n` for `who`, assigned by the manager. */
async function startFor(id: string, n: number, who: Who) {
  expect((await staff(`${id}/deliverables/${n}/assign`, manager, { writerId: who.id })).status).toBe(200);
  expect((await staff(`${id}/deliverables/${n}/start`, who)).status).toBe(200);
}

describe("an order of two services and a bundle of three", () => {
  it("shows five deliverables, each with its service's due date, revision rounds and price share", async () => {
    const { buyer, number } = await placed();
    const detail = await page(number, buyer);
    expect(detail.progress).toEqual({ total: 5, delivered: 0, completed: 0, cancelled: 0 });
    expect(detail.deliverables.map((d: { n: number; productId: string; bundleId: string | null; itemPosition: number }) => [d.n, d.productId, d.bundleId, d.itemPosition])).toEqual([
      [1, "article-forge", null, 0],
      [2, "seo-layer", null, 1],
      [3, "web-copycraft", "full-site-and-content-pack", 2],
      [4, "article-forge", "full-site-and-content-pack", 2],
      [5, "seo-layer", "full-site-and-content-pack", 2],
    ]);
    expect(statuses(detail)).toEqual(["paid", "paid", "paid", "paid", "paid"]);
    // Business days from Monday: 3 → Thursday, 5 → next Monday, 7 → next Wednesday.
    expect(dues(detail)).toEqual([
      "2026-01-08T09:00:00.000Z", "2026-01-12T09:00:00.000Z", "2026-01-14T09:00:00.000Z", "2026-01-08T09:00:00.000Z", "2026-01-12T09:00:00.000Z",
    ]);
    expect(detail.deliverables.map((d: { revisionRounds: number; revisionsUsed: number }) => [d.revisionRounds, d.revisionsUsed])).toEqual([[2, 0], [2, 0], [2, 0], [2, 0], [2, 0]]);
    const shares = detail.deliverables.map((d: { price: number }) => Math.round(d.price * 100));
    expect(shares.slice(0, 2)).toEqual([14_900, 24_000]);
    expect(shares.reduce((sum: number, share: number) => sum + share, 0)).toBe(Math.round(detail.total * 100));
    const list = (await store.call("/api/orders", { token: buyer.token })).body;
    expect(list[0]).toMatchObject({ number, progress: { total: 5, delivered: 0, completed: 0, cancelled: 0 } });
  });
});

describe("per-deliverable moves: start, ask and answer", () => {
  it("starts one, pauses only the one asked about, and a message naming it answers it and moves its due date", async () => {
    const { buyer, id, number } = await placed();
    const started = await staff(`${id}/deliverables/1/start`, manager, { writerId: writer.id });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe("in_progress");
    expect((await staffPage(id, manager)).staffDeliverables[0].writer).toMatchObject({ id: writer.id });
    const asked = await staff(`${id}/deliverables/2/ask`, manager, { message: "Which city do you sell in?" });
    expect(asked.body.status).toBe("needs_info");
    const waiting = await page(number, buyer);
    expect(waiting.status).toBe("needs_info");
    expect(statuses(waiting)).toEqual(["in_progress", "needs_info", "paid", "paid", "paid"]);
    expect(waiting.actions).toContain("answer");
    clock.advance(2 * DAY_MS);
    const answered = await mine(`${number}/messages`, buyer, { body: "Madrid only.", deliverable: 2 });
    expect(answered.status).toBe(200);
    // Back to the state it was asked in (LIFECYCLE.md: needs_info → previous state).
    expect(statuses(answered.body)).toEqual(["in_progress", "paid", "paid", "paid", "paid"]);
    expect(answered.body.status).toBe("in_progress");
    // Only deliverable 2 waited: its due date moves by the two days; the others keep theirs.
    expect(dues(answered.body)).toEqual(["2026-01-08T09:00:00.000Z", "2026-01-14T09:00:00.000Z", ...dues(waiting).slice(2)]);
    expect(answered.body.messages.at(-1)).toMatchObject({ author: "customer", body: "Madrid only.", deliverable: 2 });
    expect(answered.body.deliverables[1].events.map((event: { from: string | null; to: string | null }) => `${event.from}→${event.to}`)).toEqual([
      "paid→needs_info", "needs_info→paid",
    ]);
  });
});

describe("per-deliverable moves: deliver, accept, revise", () => {
  it("delivers one deliverable, the customer accepts it and asks for revisions on another until its rounds run out", async () => {
    const { buyer, id, number } = await placed();
    await startFor(id, 1, writer);
    await startFor(id, 2, writer);
    const v1 = await deliver(id, 1, writer, "article one");
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ version: 1, files: [{ fileName: "part-1.md", size: 11 }] });
    expect((await deliver(id, 2, writer, "seo one")).status).toBe(200);
    // Deliverable 3 is not started: nothing to deliver.
    expect((await deliver(id, 3, manager, "web")).status).toBe(409);
    const delivered = await page(number, buyer);
    expect(statuses(delivered)).toEqual(["delivered", "delivered", "paid", "paid", "paid"]);
    expect(delivered.progress).toEqual({ total: 5, delivered: 2, completed: 0, cancelled: 0 });
    expect(delivered.deliverables[0].versions.map((version: { deliverable: number; files: Array<{ fileName: string }> }) => [version.deliverable, version.files[0].fileName])).toEqual([[1, "part-1.md"]]);
    expect(delivered.deliverables[0].actions).toEqual(["accept", "request_revision"]);
    const accepted = await mine(`${number}/deliverables/1/accept`, buyer);
    expect(accepted.status).toBe(200);
    expect(statuses(accepted.body)).toEqual(["completed", "delivered", "paid", "paid", "paid"]);
    expect(accepted.body.progress).toMatchObject({ completed: 1 });
    expect((await mine(`${number}/deliverables/1/accept`, buyer)).status).toBe(409);
    expect((await mine(`${number}/deliverables/1/revision`, buyer, { changes: "more" })).status).toBe(409);
    for (const round of [1, 2]) {
      const revised = await mine(`${number}/deliverables/2/revision`, buyer, { changes: `Round ${round}: more local keywords` });
      expect(revised.status).toBe(200);
      expect(revised.body.deliverables[1]).toMatchObject({ status: "revision_requested", revisionsUsed: round, revisionRounds: 2 });
      // A new due date: now plus seo-layer's two business days of revision.
      const due = addBusinessDays(clock.now(), 2);
      expect(revised.body.deliverables[1].dueAt).toBe(due.toISOString());
      const request = (await staffPage(id, writer)).staffDeliverables[1].revisionRequest;
      expect(request).toMatchObject({ round, rounds: 2, changes: `Round ${round}: more local keywords`, dueAt: due.toISOString() });
      expect((await staffPage(id, writer)).staffDeliverables[0].revisionRequest).toBeNull();
      expect((await deliver(id, 2, writer, `seo ${round + 1}`)).status).toBe(200);
      clock.advance(DAY_MS);
    }
    const noRounds = await mine(`${number}/deliverables/2/revision`, buyer, { changes: "one more" });
    expect(noRounds.status).toBe(409);
    const after = await page(number, buyer);
    expect(after.deliverables[1].versions).toHaveLength(3);
    expect(after.deliverables[0].versions).toHaveLength(1);
    expect((await staffPage(id, writer)).staffDeliverables[1].revisionRequest).toBeNull();
    // A deliverable the order does not have is a 404.
    expect((await mine(`${number}/deliverables/6/accept`, buyer)).status).toBe(404);
  });
});
