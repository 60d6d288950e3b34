import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, manualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, ledgerSum, orderBody, seoBrief, staffMember, type TestCustomer } from "../../test/orders-test-support";

const clock = manualClock(new Date());
let store: TestStore;
let buyer: TestCustomer;
let other: TestCustomer;
let admin: TestCustomer;
let manager: TestCustomer;
let writer: TestCustomer;
let otherWriter: TestCustomer;

beforeAll(async () => {
  store = await startTestStore({ UPLOAD_LIMIT_BYTES: "2000", UPLOAD_ALLOWED_TYPES: "pdf,txt,docx" }, { clock, listen: true });
  buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
  other = await customer(store, { currency: "USD", minor: 1_000_000 });
  admin = await staffMember(store, "admin");
  manager = await staffMember(store, "manager");
  writer = await staffMember(store, "writer");
  otherWriter = await staffMember(store, "writer");
});
afterAll(() => store.close());

const place = async (who: TestCustomer = buyer, items: Parameters<typeof orderBody>[0] = [{ productId: "article-forge", brief: articleBrief }], currency: "EUR" | "USD" = "EUR") => {
  const answer = await store.post("/api/orders", orderBody(items, currency), { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body as { id: string; number: string };
};
const startFor = async (orderId: string, member: TestCustomer) => {
  const answer = await store.post(`/api/admin/orders/${orderId}/assign`, { writerId: member.id }, { token: manager.token });
  expect(answer.status).toBe(200);
  expect((await store.post(`/api/admin/orders/${orderId}/start`, undefined, { token: member.token })).status).toBe(200);
};

/** Sends files as multipart/form-data the way the browser's FormData does. */
async function upload(orderId: string, token: string | undefined, files: Array<{ name: string; content: string | Buffer }>, note = "") {
  const form = new FormData();
  if (note) form.append("note", note);
  for (const file of files) form.append("files", new Blob([typeof file.content === "string" ? file.content : new Uint8Array(file.content)]), file.name);
  const response = await fetch(`${store.url}/api/admin/orders/${orderId}/versions`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as any };
}

const filesOf = (orderId: string) => {
  const folder = path.join(store.config.DATA_DIR, "files", "results", orderId);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

describe("the order queue", () => {
  it("filters, searches and pages by keyset in due-date order; a writer sees only their orders", async () => {
    const a = await place();
    const b = await place(buyer, [{ productId: "seo-layer", brief: seoBrief }]);
    const c = await place(other, undefined, "USD");
    await startFor(c.id, writer);
    const all = await store.call("/api/admin/orders?limit=200", { token: manager.token });
    expect(all.status).toBe(200);
    const numbers = all.body.orders.map((row: { number: string }) => row.number);
    expect(numbers).toEqual(expect.arrayContaining([a.number, b.number, c.number]));
    const dues = all.body.orders.map((row: { dueAt: string }) => row.dueAt);
    expect(dues).toEqual([...dues].sort());

    const usd = await store.call("/api/admin/orders?currency=USD&status=in_progress", { token: admin.token });
    expect(usd.body.orders.map((row: { number: string }) => row.number)).toEqual([c.number]);
    expect(usd.body.orders[0]).toMatchObject({ customerEmail: other.email, customerName: "Ada Lovelace", writer: { id: writer.id }, services: ["article-forge"], currency: "USD" });
    const seo = await store.call("/api/admin/orders?service=seo-layer", { token: admin.token });
    expect(seo.body.orders.map((row: { number: string }) => row.number)).toContain(b.number);
    expect(seo.body.orders.every((row: { services: string[] }) => row.services.includes("seo-layer"))).toBe(true);
    const byNumber = await store.call(`/api/admin/orders?q=${a.number.toLowerCase()}`, { token: admin.token });
    expect(byNumber.body.orders.map((row: { number: string }) => row.number)).toEqual([a.number]);
    const byEmail = await store.call(`/api/admin/orders?q=${encodeURIComponent(other.email)}`, { token: admin.token });
    expect(byEmail.body.orders.map((row: { number: string }) => row.number)).toEqual([c.number]);
    const byPrefix = await store.call(`/api/admin/orders?q=${other.email.slice(0, 12)}`, { token: admin.token });
    expect(byPrefix.body.orders.map((row: { number: string }) => row.number)).toEqual([c.number]);
    const mine = await store.call("/api/admin/orders?writer=me", { token: writer.token });
    expect(mine.body.orders.map((row: { number: string }) => row.number)).toEqual([c.number]);
    const today = clock.now().toISOString().slice(0, 10);
    expect((await store.call(`/api/admin/orders?from=${today}&to=${today}&limit=200`, { token: admin.token })).body.orders.length).toBe(all.body.orders.length);
    expect((await store.call("/api/admin/orders?to=2020-01-01", { token: admin.token })).body.orders).toEqual([]);

    // A writer sees their own orders and unassigned paid ones, never another writer's.
    const seen = await store.call("/api/admin/orders?limit=200", { token: otherWriter.token });
    expect(seen.body.orders.map((row: { number: string }) => row.number)).not.toContain(c.number);

    // Keyset pages: every order once, in order, whatever the page size.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const next: any = await store.call(`/api/admin/orders?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: manager.token });
      paged.push(...next.body.orders.map((row: { number: string }) => row.number));
      cursor = next.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(numbers);
    const reversed = await store.call("/api/admin/orders?sort=-due&limit=200", { token: manager.token });
    expect(reversed.body.orders.map((row: { number: string }) => row.number)).toEqual([...numbers].reverse());
  });

  it("answers 400 with the field for a bad filter or cursor, 403 to customers and 401 without a token", async () => {
    const bad = await store.call("/api/admin/orders?status=lost", { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ status: ["The format is not valid."] });
    const cursor = await store.call("/api/admin/orders?cursor=nonsense", { token: admin.token });
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors.cursor).toEqual(["This page link is not valid any more; start again from the first page."]);
    for (const url of ["/api/admin/orders", "/api/admin/orders.csv", "/api/admin/dashboard", "/api/admin/order-writers"]) {
      expect((await store.call(url, { token: buyer.token })).status).toBe(403);
      expect((await store.call(url)).status).toBe(401);
    }
  });

  it("exports the filtered queue as CSV", async () => {
    const order = await place(other, undefined, "USD");
    const csv = await store.call(`/api/admin/orders.csv?q=${order.number}`, { token: manager.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (csv.body as string).trim().split("\n");
    expect(lines[0]).toBe("number,status,createdAt,dueAt,late,currency,total,customerEmail,customerName,writer,services,deliverable,service");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.number},paid,`);
    expect(lines[1]).toContain(`,no,USD,165.00,${other.email},Ada Lovelace,,article-forge,1,article-forge`);
  });

  it("flags and filters late orders once their due date has passed", async () => {
    const late = await place();
    clock.advance(10 * DAY_MS);
    try {
      const rows = (await store.call("/api/admin/orders?late=true&limit=200", { token: admin.token })).body.orders;
      expect(rows.map((row: { number: string }) => row.number)).toContain(late.number);
      expect(rows.every((row: { late: boolean }) => row.late)).toBe(true);
      const onTime = (await store.call("/api/admin/orders?late=false&limit=200", { token: admin.token })).body.orders;
      expect(onTime.every((row: { late: boolean }) => !row.late)).toBe(true);
      const dashboard = await store.call("/api/admin/dashboard", { token: admin.token });
      expect(dashboard.body.counts.late).toBeGreaterThanOrEqual(1);
    } finally {
      clock.advance(-10 * DAY_MS);
    }
  });
});

describe("the dashboard", () => {
  it("counts orders by what they wait for, money in and out per currency, and delivery speed; a writer sees no money", async () => {
    const order = await place();
    await startFor(order.id, writer);
    expect((await upload(order.id, writer.token, [{ name: "result.txt", content: "done" }])).status).toBe(200);
    const refunded = await place();
    await store.post(`/api/admin/orders/${refunded.id}/cancel`, { reason: "Duplicate", refund: 49.5 }, { token: manager.token });
    await store.services.transaction((trx) => store.services.wallet.credit(trx, { userId: buyer.id, currency: "EUR", amount: 5_000, kind: "deposit", reference: "dep-1" }));
    const answer = await store.call("/api/admin/dashboard", { token: manager.token });
    expect(answer.status).toBe(200);
    expect(answer.body.counts.waitingForReview).toBeGreaterThanOrEqual(1);
    expect(answer.body.counts.waiting).toBeGreaterThanOrEqual(1);
    expect(answer.body.ticketsOpen).toBe(0);
    const eur = answer.body.money.find((series: { currency: string }) => series.currency === "EUR");
    expect(eur.moneyIn).toHaveLength(30);
    expect(eur.totalIn).toBeGreaterThanOrEqual(50);
    expect(eur.totalOut).toBeGreaterThanOrEqual(49.5);
    expect(answer.body.delivery.delivered).toBeGreaterThanOrEqual(1);
    expect(answer.body.delivery.onTimeShare).toBe(1);
    expect(typeof answer.body.delivery.medianHours).toBe("number");
    const writers = await store.call("/api/admin/dashboard", { token: writer.token });
    expect(writers.body.money).toBeNull();
    expect(writers.body.ticketsOpen).toBeNull();
    expect(writers.body.counts.waitingForReview).toBe(1);
  });
});

describe("the staff order page", () => {
  it("shows customer, billing, named timeline and the moves of each role; a writer cannot see another's order", async () => {
    const order = await place();
    const asManager = await store.call(`/api/admin/orders/${order.number}`, { token: manager.token });
    expect(asManager.status).toBe(200);
    expect(asManager.body).toMatchObject({ customer: { id: buyer.id, email: buyer.email, name: "Ada Lovelace" }, billing: { businessName: "Analytical Engines SL", city: "Madrid" }, writer: null, refunded: 0 });
    expect(asManager.body.staffActions).toEqual(["start", "ask", "cancel", "assign", "message", "note"]);
    expect(asManager.body.upload).toEqual({ limitBytes: 2000, allowedTypes: ["pdf", "txt", "docx"], maxFiles: 10 });
    await startFor(order.id, writer);
    const asWriter = await store.call(`/api/admin/orders/${order.id}`, { token: writer.token });
    expect(asWriter.body.staffActions).toEqual(["ask", "deliver", "message", "note"]);
    expect(asWriter.body.staffEvents.map((event: { kind: string }) => event.kind)).toEqual(["status", "assigned", "status"]);
    expect(asWriter.body.staffEvents[2]).toMatchObject({ actorRole: "writer", actorName: "Ada Lovelace", from: "paid", to: "in_progress" });
    expect((await store.call(`/api/admin/orders/${order.id}`, { token: otherWriter.token })).status).toBe(404);
    expect((await store.call(`/api/admin/orders/${order.id}`, { token: buyer.token })).status).toBe(403);
    expect((await store.call(`/api/admin/orders/${order.id}`)).status).toBe(401);
  });

  it("lets managers and admins assign a writer, never a writer or a customer", async () => {
    const order = await place();
    expect((await store.post(`/api/admin/orders/${order.id}/assign`, { writerId: writer.id }, { token: writer.token })).status).toBe(403);
    expect((await store.post(`/api/admin/orders/${order.id}/assign`, { writerId: writer.id }, { token: buyer.token })).status).toBe(403);
    expect((await store.post(`/api/admin/orders/${order.id}/assign`, { writerId: writer.id })).status).toBe(401);
    const notStaff = await store.post(`/api/admin/orders/${order.id}/assign`, { writerId: buyer.id }, { token: admin.token });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.errors.writerId).toEqual(["This person is not a member of staff."]);
    expect((await store.post(`/api/admin/orders/${order.id}/assign`, { writerId: otherWriter.id }, { token: admin.token })).status).toBe(200);
    expect((await store.services.orders.find(order.id))?.assigned_to).toBe(otherWriter.id);
    const staff = await store.call("/api/admin/order-writers", { token: manager.token });
    expect(staff.body.map((member: { id: string }) => member.id)).toEqual(expect.arrayContaining([writer.id, otherWriter.id, manager.id, admin.id]));
  });

  it("neither offers nor accepts a deactivated colleague", async () => {
    const gone = await staffMember(store, "writer");
    const at = new Date().toISOString();
    await store.db.kysely
      .insertInto("staff_accounts")
      .values({ user_id: gone.id, totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null, deactivated_at: at, updated_at: at })
      .execute();
    const offered = await store.call("/api/admin/order-writers", { token: manager.token });
    expect(offered.body.map((member: { id: string }) => member.id)).not.toContain(gone.id);
    const order = await place();
    const refused = await store.post(`/api/admin/orders/${order.id}/assign`, { writerId: gone.id }, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.writerId).toEqual(["This person is not a member of staff."]);
  });
});

describe("refunds", () => {
  it("refunds part of an order with a reason; the ledger sums to the balance; above the total or twice is refused", async () => {
    const start = await store.services.wallet.balance(buyer.id, "EUR");
    const order = await place();
    const tooMuch = await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "Goodwill", refund: 149.01 }, { token: manager.token });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.refund).toEqual(["The refund cannot be more than what is left of this deliverable's share."]);
    // Unassigned, the order is only a pool item to a writer: nothing they may act on, so not found.
    expect((await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "Goodwill", refund: 50 }, { token: writer.token })).status).toBe(404);
    const partial = await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "Half the work was done", refund: 50 }, { token: manager.token });
    expect(partial.status).toBe(200);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(start - 14_900 + 5_000);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await store.services.wallet.balance(buyer.id, "EUR"));
    expect((await store.call(`/api/admin/orders/${order.id}`, { token: manager.token })).body.refunded).toBe(50);
    const twice = await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "Again", refund: 10 }, { token: admin.token });
    expect(twice.status).toBe(409);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await store.services.wallet.balance(buyer.id, "EUR"));
  });

  it("two managers refunding the same order at once: one succeeds, the other gets 409, the money goes back once", async () => {
    const order = await place();
    const before = await store.services.wallet.balance(buyer.id, "EUR");
    const answers = await Promise.all([
      store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "Manager one" }, { token: manager.token }),
      store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "Manager two" }, { token: admin.token }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(before + 14_900);
    const refunds = await store.db.kysely.selectFrom("ledger_entries").select("amount").where("kind", "=", "refund").where("reference", "=", order.number).execute();
    expect(refunds).toEqual([{ amount: 14_900 }]);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await store.services.wallet.balance(buyer.id, "EUR"));
  });
});

describe("result upload from the browser", () => {
  it("delivers several files as one version, which the customer downloads", async () => {
    const order = await place();
    await startFor(order.id, writer);
    const answer = await upload(order.id, writer.token, [{ name: "Article.txt", content: "the article" }, { name: "Sources.pdf", content: "%PDF-1.4 sources" }], "Final text");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: order.id, number: order.number, status: "delivered", version: 1, files: [{ fileName: "Article.txt", size: 11 }, { fileName: "Sources.pdf", size: 16 }] });
    const detail = await store.call(`/api/orders/${order.id}`, { token: buyer.token });
    expect(detail.body.versions[0]).toMatchObject({ number: 1, note: "Final text", files: [{ fileName: "Article.txt" }, { fileName: "Sources.pdf" }] });
    const second = detail.body.versions[0].files[1];
    expect((await store.call(`/api/orders/${order.id}/files/${second.id}`, { token: buyer.token })).body).toBe("%PDF-1.4 sources");
  });

  it("refuses a file type outside the list or a file over the limit, keeping nothing of the version and changing nothing", async () => {
    const order = await place();
    await startFor(order.id, writer);
    const type = await upload(order.id, writer.token, [{ name: "ok.txt", content: "fine" }, { name: "tool.exe", content: "MZ" }]);
    expect(type.status).toBe(400);
    expect(type.body.errors["files[1]"]).toEqual(["tool.exe is not an allowed file type. Allowed: pdf, txt, docx."]);
    const big = await upload(order.id, writer.token, [{ name: "ok.txt", content: "fine" }, { name: "big.pdf", content: Buffer.alloc(2001, 1) }]);
    expect(big.status).toBe(413);
    expect(big.body.detail).toBe("big.pdf is larger than the limit of 2000 bytes.");
    const broken = await fetch(`${store.url}/api/admin/orders/${order.id}/versions`, {
      method: "POST",
      body: "--xyz\r\ncontent-disposition: form-data; name=\"files\"; filename=\"a.txt\"\r\n\r\nhalf a fi",
      headers: { authorization: `Bearer ${writer.token}`, "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as any).errors.files).toEqual(["The upload was cut off or is not valid multipart/form-data; nothing was kept."]);
    const none = await upload(order.id, writer.token, []);
    expect(none.status).toBe(400);
    expect(none.body.errors.files).toEqual(["Choose at least one file to deliver."]);
    expect((await store.services.orders.find(order.id))?.status).toBe("in_progress");
    expect(filesOf(order.id)).toEqual([]);
  });

  it("refuses before reading the files: no token 401, a customer 403, another writer 404, an order not in progress 409", async () => {
    const order = await place();
    const file = [{ name: "a.txt", content: "x" }];
    expect((await upload(order.id, undefined, file)).status).toBe(401);
    expect((await upload(order.id, buyer.token, file)).status).toBe(403);
    const notStarted = await upload(order.id, manager.token, file);
    expect(notStarted.status).toBe(409);
    await startFor(order.id, writer);
    expect((await upload(order.id, otherWriter.token, file)).status).toBe(404);
    expect(filesOf(order.id)).toEqual([]);
  });
});

describe("the audit log of staff actions on orders", () => {
  it("records who, from where, what, before and after for assign, start, question, note, delivery and refund; never a customer's move", async () => {
    const order = await place();
    await startFor(order.id, writer);
    await store.post(`/api/admin/orders/${order.id}/ask`, { message: "Which tone?" }, { token: writer.token });
    await store.post(`/api/orders/${order.id}/messages`, { body: "Friendly." }, { token: buyer.token });
    await store.post(`/api/admin/orders/${order.id}/messages`, { body: "Keep it short", internal: true }, { token: writer.token });
    expect((await upload(order.id, writer.token, [{ name: "a.txt", content: "text" }])).status).toBe(200);
    await store.post(`/api/admin/orders/${order.id}/cancel`, { reason: "Goodwill", refund: 10 }, { token: manager.token });
    const rows = await store.db.kysely.selectFrom("audit_log").selectAll().where("subject_type", "=", "order").where("subject_id", "=", order.id).orderBy("at").orderBy("action").execute();
    // The test clock stands still, so every row has the same time: compare them by action.
    expect(rows.map((row) => [row.action, row.actor_id, row.actor_role])).toEqual([
      ["order.ask", writer.id, "writer"],
      ["order.assign", manager.id, "manager"],
      ["order.cancel", manager.id, "manager"],
      ["order.deliver", writer.id, "writer"],
      ["order.note", writer.id, "writer"],
      ["order.start", writer.id, "writer"],
    ]);
    expect(rows.every((row) => row.ip === "127.0.0.1")).toBe(true);
    const cancel = rows.find((row) => row.action === "order.cancel")!;
    expect(JSON.parse(cancel.before_json!)).toEqual({ status: "delivered", assignedTo: writer.id });
    expect(JSON.parse(cancel.after_json!)).toEqual({ status: "cancelled", reasonChars: 8, refund: 1_000, currency: "EUR", total: 14_900, deliverable: 1 });
    expect(JSON.parse(rows.find((row) => row.action === "order.assign")!.after_json!)).toEqual({ status: "paid", assignedTo: writer.id, deliverable: 1 });
  });
});
