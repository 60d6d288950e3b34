import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { articleBrief, customer, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";

// Issue 26, point 4: a delivered file's link in the back office, opened with a middle-click or in a new tab, answered
// 401: the API takes a bearer token the new tab does not carry. Staff now ask for a short-lived signed link to the
// file, which opens in any tab of theirs without the token, and nothing after a few minutes.
const clock = manualClock("2026-01-05T09:30:00.000Z");
let store: TestStore;
let buyer: TestCustomer, admin: TestCustomer, manager: TestCustomer, writer: TestCustomer, colleague: TestCustomer;
let order: { id: string; number: string };
let fileId: string;
const pdf = Buffer.from("%PDF-1.4 the article");

beforeAll(async () => {
  store = await startTestStore({}, { clock, listen: true });
  buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
  [admin, manager, writer, colleague] = await Promise.all([staffMember(store, "admin"), staffMember(store, "manager"), staffMember(store, "writer"), staffMember(store, "writer")]);
  order = (await store.post("/api/orders", orderBody([{ productId: "article-forge", brief: articleBrief }]), { token: buyer.token })).body;
  expect((await store.post(`/api/admin/orders/${order.id}/deliverables/1/assign`, { writerId: writer.id }, { token: manager.token })).status).toBe(200);
  expect((await store.post(`/api/admin/orders/${order.id}/deliverables/1/start`, undefined, { token: writer.token })).status).toBe(200);
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(pdf)]), "article.pdf");
  const delivered = await fetch(`${store.url}/api/admin/orders/${order.id}/deliverables/1/versions`, { method: "POST", body: form, headers: { authorization: `Bearer ${writer.token}` } });
  expect(delivered.status).toBe(200);
  const detail = (await store.call(`/api/admin/orders/${order.number}`, { token: manager.token })).body;
  fileId = detail.deliverables[0].versions[0].files[0].id;
});
afterAll(() => store?.close());

const mint = (who: TestCustomer | undefined, file = fileId) => store.post(`/api/admin/orders/${order.number}/files/${file}/link`, undefined, who ? { token: who.token } : {});
/** What a new tab gets: the link opened with no token at all. */
const openInNewTab = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${store.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
};

describe("a staff member's file link opens in a new tab (issue 26, point 4)", () => {
  it("mints a link for whoever may see the file, which opens without a token, inline, with byte ranges", async () => {
    // The file's own address, opened in a new tab, has no token to show.
    expect((await openInNewTab(`/api/admin/orders/${order.number}/files/${fileId}`)).status).toBe(401);
    const minted = await mint(manager);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    expect(minted.body).toEqual({ path: expect.stringMatching(/^\/api\/admin\/file-links\/[\w-]+\/[\w-]+\?by=[\w-]+&until=\d+&sig=[\w-]+$/), expiresAt: "2026-01-05T09:35:00.000Z" });
    // Nothing long-lived in it: whose it is, what, until when, and the signature of those.
    expect(new URL(minted.body.path, store.url).searchParams.get("by")).toBe(manager.id);
    const opened = await openInNewTab(minted.body.path);
    expect(opened.status).toBe(200);
    expect(opened.body.equals(pdf)).toBe(true);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toMatch(/^inline; filename="article\.pdf"/);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    const part = await openInNewTab(minted.body.path, { range: "bytes=0-3" });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe("%PDF");
    // The writer of the deliverable may have one too; a colleague, a customer or a visitor may not.
    expect((await mint(writer)).status).toBe(200);
    expect((await mint(colleague)).status).toBe(404);
    expect((await mint(buyer)).status).toBe(403);
    expect((await mint(undefined)).status).toBe(401);
    expect((await mint(manager, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("opens nothing once ended, altered, or when its holder may no longer see the file", async () => {
    const { path } = (await mint(manager)).body;
    clock.advance(5 * 60_000 - 1_000);
    expect((await openInNewTab(path)).status).toBe(200);
    clock.advance(1_000);
    expect((await openInNewTab(path)).status).toBe(404);

    const fresh = new URL((await mint(manager)).body.path as string, store.url);
    const altered = (name: string, value: string) => {
      const copy = new URL(fresh);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    expect((await openInNewTab(`${fresh.pathname}${fresh.search}`)).status).toBe(200);
    expect((await openInNewTab(altered("until", String(Date.parse("2030-01-01T00:00:00.000Z"))))).status).toBe(404);
    expect((await openInNewTab(altered("by", colleague.id))).status).toBe(404);
    // One character of the signature changed (to another: a signature may itself begin with "x").
    const sig = fresh.searchParams.get("sig") ?? "";
    expect((await openInNewTab(altered("sig", `${sig.startsWith("x") ? "y" : "x"}${sig.slice(1)}`))).status).toBe(404);
    expect((await openInNewTab(fresh.pathname)).status).toBe(400);

    // The writer's link stops opening once they leave (their work handed to a colleague, in the same minute).
    const writers = (await mint(writer)).body.path as string;
    expect((await openInNewTab(writers)).status).toBe(200);
    expect((await store.post(`/api/admin/staff/${writer.id}/deactivate`, { handTo: colleague.id }, { token: admin.token })).status).toBe(200);
    expect((await openInNewTab(writers)).status).toBe(404);
  });
});
