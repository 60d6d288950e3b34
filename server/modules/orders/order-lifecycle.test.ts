import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, manualClock, type ManualClock } from "../../platform/clock";
import { startTestStore, type TestStore } from "../../test/test-store";
import { articleBrief, customer, ledgerSum, orderBody, staffMember, type TestCustomer } from "../../test/orders-test-support";

let store: TestStore;
let clock: ManualClock;
let writer: TestCustomer;
let otherWriter: TestCustomer;
let manager: TestCustomer;
let admin: TestCustomer;
beforeAll(async () => {
  // A Monday morning: article-forge (3 business days) is due on Thursday.
  clock = manualClock("2026-01-05T09:00:00.000Z");
  store = await startTestStore({}, { clock });
  [writer, otherWriter, manager, admin] = await Promise.all([
    staffMember(store, "writer"), staffMember(store, "writer"), staffMember(store, "manager"), staffMember(store, "admin"),
  ]);
});
afterAll(() => store.close());

const PRICE = 14_900;
const b64 = (text: string) => Buffer.from(text).toString("base64");

async function placed(balance = 100_000) {
  const buyer = await customer(store, { currency: "EUR", minor: balance });
  const { body } = await store.post("/api/orders", orderBody(), { token: buyer.token });
  return { buyer, id: body.id as string, number: body.number as string };
}
const staff = (path: string, who: TestCustomer, body?: unknown) => store.post(`/api/admin/orders/${path}`, body, { token: who.token });
const mine = (path: string, who: TestCustomer, body?: unknown) => store.post(`/api/orders/${path}`, body, { token: who.token });
const page = async (ref: string, who: TestCustomer) => (await store.call(`/api/orders/${ref}`, { token: who.token })).body;
const deliver = (id: string, who: TestCustomer, files: Array<[string, string]>, note = "") =>
  staff(`${id}/deliver`, who, { note, files: files.map(([fileName, text]) => ({ fileName, contentBase64: b64(text) })) });
const mailsTo = async (to: string) => (await store.services.mail.list({ to })).map((mail) => mail.subject);
const balanceMatchesLedger = async (buyer: TestCustomer) =>
  expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await store.services.wallet.balance(buyer.id, "EUR"));

describe("the transition table (LIFECYCLE.md), by the right and the wrong actor: starting, asking, answering", () => {
  it("paid → in_progress by a writer, who is assigned; a second start is a 409; a customer gets 403", async () => {
    const { buyer, id } = await placed();
    expect((await staff(`${id}/start`, buyer)).status).toBe(403);
    const started = await staff(`${id}/start`, writer);
    expect(started.body).toMatchObject({ status: "in_progress" });
    const again = await staff(`${id}/start`, writer);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 409, detail: "The order is in_progress; it cannot be changed this way." });
    // Another writer does not see an order assigned to someone else.
    expect((await staff(`${id}/ask`, otherWriter, { message: "?" })).status).toBe(404);
    expect((await store.call(`/api/admin/orders/${id}`, { token: otherWriter.token })).status).toBe(404);
    expect((await store.call(`/api/admin/orders/${id}`, { token: manager.token })).status).toBe(200);
  });

  it("asks, the customer answers in the thread, the order resumes and the due date moves by the time it waited", async () => {
    const { buyer, id, number } = await placed();
    const before = await page(number, buyer);
    expect(before.dueAt).toBe("2026-01-08T09:00:00.000Z");
    await staff(`${id}/start`, writer);
    const asked = await staff(`${id}/ask`, writer, { message: "Which city is the bakery in?" });
    expect(asked.body.status).toBe("needs_info");
    expect(await mailsTo(buyer.email)).toContain(`A question about order ${number}`);
    expect((await page(id, buyer)).actions).toEqual(["answer"]);
    clock.advance(2 * DAY_MS);
    const answered = await mine(`${number}/messages`, buyer, { body: "Madrid, near the Plaza Mayor." });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: "in_progress", dueAt: "2026-01-10T09:00:00.000Z" });
    expect(answered.body.messages.map((message: { author: string; body: string }) => [message.author, message.body])).toEqual([
      ["staff", "Which city is the bakery in?"],
      ["customer", "Madrid, near the Plaza Mayor."],
    ]);
    expect(answered.body.events.map((event: { from: string | null; to: string | null }) => `${event.from}→${event.to}`)).toEqual([
      "null→paid", "paid→in_progress", "in_progress→needs_info", "needs_info→in_progress",
    ]);
    // Answering again is just a message; asking from needs_info is a 409.
    await staff(`${id}/ask`, writer, { message: "And the opening hours?" });
    expect((await staff(`${id}/ask`, writer, { message: "Again?" })).status).toBe(409);
    expect((await mine(`${id}/accept`, buyer)).status).toBe(409);
  });

  it("the customer answers by correcting the brief: checked like at checkout, the order resumes, only while needs_info", async () => {
    const { buyer, id, number } = await placed();
    await staff(`${id}/start`, writer);
    // Before any question the brief is fixed.
    expect((await mine(`${number}/brief`, buyer, { position: 0, brief: articleBrief })).status).toBe(409);
    await staff(`${id}/ask`, writer, { message: "Should it be the long version?" });
    clock.advance(DAY_MS);
    const invalid = await mine(`${number}/brief`, buyer, { position: 0, brief: { ...articleBrief, length: "9000" } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(["brief.length"]);
    expect((await mine(`${number}/brief`, buyer, { position: 3, brief: articleBrief })).status).toBe(400);
    // Staff do not edit a brief: they ask.
    expect((await mine(`${number}/brief`, writer, { position: 0, brief: articleBrief })).status).toBe(403);
    const before = await page(number, buyer);
    const edited = await mine(`${number}/brief`, buyer, { position: 0, brief: { ...articleBrief, length: "2500" } });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe("in_progress");
    expect(edited.body.items[0].brief).toMatchObject({ length: "2500", topic: articleBrief.topic });
    expect(new Date(edited.body.dueAt).getTime() - new Date(before.dueAt).getTime()).toBe(DAY_MS);
    expect(edited.body.events.at(-1)).toMatchObject({ from: "needs_info", to: "in_progress" });
    const toWriter = (await store.services.mail.list({ to: writer.email })).filter((mail) => mail.subject.includes(number));
    expect(toWriter.map((mail) => mail.text).join("\n")).toContain("updating the brief of item 1");
    // Answered: the brief is fixed again.
    expect((await mine(`${number}/brief`, buyer, { position: 0, brief: articleBrief })).status).toBe(409);
  });

});

describe("the transition table (LIFECYCLE.md), by the right and the wrong actor: delivering, revising, accepting, cancelling", () => {
  it("delivers versions of several files, revision rounds run out, every version stays downloadable, and acceptance completes", async () => {
    const { buyer, id, number } = await placed();
    // Not started: a manager is told why (409); a writer, for whom it is only a pool item, finds nothing (404).
    expect((await deliver(id, manager, [["a.md", "x"]])).status).toBe(409);
    expect((await deliver(id, writer, [["a.md", "x"]])).status).toBe(404);
    await staff(`${id}/start`, writer);
    const v1 = await deliver(id, writer, [["article.md", "version one"], ["sources.txt", "links"]], "First draft");
    expect(v1.body).toMatchObject({ status: "delivered", version: 1, result: { fileName: "article.md", size: 11 } });
    expect(await mailsTo(buyer.email)).toContain(`Your order ${number} is ready`);
    expect((await page(id, buyer)).actions).toEqual(["accept", "request_revision"]);
    for (const round of [1, 2]) {
      const revised = await mine(`${id}/revision`, buyer, { changes: `Round ${round}: shorter intro` });
      expect(revised.body).toMatchObject({ status: "revision_requested", revisionsUsed: round, revisionRounds: 2 });
      expect((await mine(`${id}/revision`, buyer, { changes: "again" })).status).toBe(409);
      await deliver(id, writer, [["article.md", `version ${round + 1}`]]);
    }
    const noRounds = await mine(`${id}/revision`, buyer, { changes: "one more" });
    expect(noRounds.status).toBe(409);
    expect(noRounds.body.detail).toBe("All 2 revision rounds of this order are used.");
    const detail = await page(number, buyer);
    expect(detail.versions.map((version: { number: number; files: unknown[] }) => [version.number, version.files.length])).toEqual([[1, 2], [2, 1], [3, 1]]);
    const texts = [];
    for (const version of detail.versions) texts.push((await store.call(`/api/orders/${id}/files/${version.files[0].id}`, { token: buyer.token })).body);
    expect(texts).toEqual(["version one", "version 2", "version 3"]);
    expect((await store.call(`/api/orders/${id}/result`, { token: buyer.token })).body).toBe("version 3");
    expect(detail.result).toEqual({ fileName: "article.md", size: 9 });
    const accepted = await mine(`${id}/accept`, buyer);
    expect(accepted.body).toMatchObject({ status: "completed", actions: [] });
    expect((await mine(`${id}/accept`, buyer)).status).toBe(409);
    expect((await staff(`${id}/cancel`, manager, { reason: "too late" })).status).toBe(409);
  });

  it("another customer's order is a 404 everywhere; a customer cannot cancel once work started unless it is late", async () => {
    const { buyer, id, number } = await placed();
    const stranger = await customer(store);
    expect((await store.call(`/api/orders/${number}`, { token: stranger.token })).status).toBe(404);
    expect((await mine(`${id}/cancel`, stranger)).status).toBe(404);
    expect((await mine(`${id}/messages`, stranger, { body: "hi" })).status).toBe(404);
    await staff(`${id}/start`, writer);
    const early = await mine(`${id}/cancel`, buyer);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe("The order is not late: it can be cancelled once its due date has passed.");
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100_000 - PRICE);
  });
});

describe("refunds go through the ledger", () => {
  it("cancelling a paid order refunds in full", async () => {
    const { buyer, id } = await placed();
    const cancelled = await mine(`${id}/cancel`, buyer);
    expect(cancelled.body.status).toBe("cancelled");
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100_000);
    await balanceMatchesLedger(buyer);
    expect((await mine(`${id}/cancel`, buyer)).status).toBe(409);
  });

  it("cancelling a late order refunds in full", async () => {
    const { buyer, id, number } = await placed();
    await staff(`${id}/start`, writer);
    const { dueAt } = await page(number, buyer);
    clock.set(new Date(new Date(dueAt).getTime() - 1));
    expect((await page(number, buyer)).late).toBe(false);
    clock.advance(2);
    const late = await page(number, buyer);
    expect(late).toMatchObject({ late: true, actions: ["cancel_late"] });
    expect((await mine(`${id}/cancel`, buyer)).body.status).toBe("cancelled");
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100_000);
    await balanceMatchesLedger(buyer);
  });

  it("a manager cancels any open order with a reason and a partial refund; a writer may not; more than the total is refused", async () => {
    const { buyer, id } = await placed();
    await staff(`${id}/start`, writer);
    expect((await staff(`${id}/cancel`, writer, { reason: "no" })).status).toBe(403);
    const tooMuch = await staff(`${id}/cancel`, manager, { reason: "Partial work", refund: 150 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.refund).toEqual(["The refund cannot be more than what is left of this deliverable's share."]);
    expect((await staff(`${id}/cancel`, manager, { reason: "" })).status).toBe(400);
    expect((await staff(`${id}/cancel`, manager, { reason: "Half the work was done", refund: 74.5 })).body.status).toBe("cancelled");
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(100_000 - PRICE + 7_450);
    await balanceMatchesLedger(buyer);
    const { id: other } = await placed();
    expect((await staff(`${other}/cancel`, admin, { reason: "Duplicate" })).body.status).toBe("cancelled");
  });
});

describe("messages", () => {
  it("keeps internal notes from the customer, stores attachments within the limit and counts unread messages", async () => {
    const { buyer, id, number } = await placed();
    await staff(`${id}/start`, writer);
    await staff(`${id}/messages`, writer, { body: "Customer seems in a hurry", internal: true });
    clock.advance(1000);
    await staff(`${id}/messages`, writer, { body: "Here is an outline", attachments: [{ fileName: "outline.txt", contentBase64: b64("1. intro") }] });
    const seen = await page(number, buyer);
    expect(seen.messages.map((message: { body: string }) => message.body)).toEqual(["Here is an outline"]);
    expect(seen.unreadMessages).toBe(1);
    const attachment = seen.messages[0].attachments[0];
    expect((await store.call(`/api/orders/${id}/files/${attachment.id}`, { token: buyer.token })).body).toBe("1. intro");
    expect((await mine(`${id}/read`, buyer)).body.unreadMessages).toBe(0);
    const staffView = (await store.call(`/api/admin/orders/${id}`, { token: writer.token })).body;
    expect(staffView.messages.map((message: { internal: boolean }) => message.internal)).toEqual([true, false]);
    expect(await mailsTo(buyer.email)).toContain(`New message about order ${number}`);
    const big = await mine(`${id}/messages`, buyer, { body: "big", attachments: [{ fileName: "big.pdf", contentBase64: Buffer.alloc(2 * 1024 * 1024 + 1).toString("base64") }] });
    expect(big.status).toBe(400);
  });
});

describe("timed work on the job runner, with an injected clock", () => {
  it("reminds at half the window and one day before, once each, then completes the order when the window ends", async () => {
    const { buyer, id, number } = await placed();
    await store.services.jobs.runDue();
    await staff(`${id}/start`, admin);
    await deliver(id, admin, [["a.md", "done"]]);
    const reminders = async () => (await mailsTo(buyer.email)).filter((subject) => subject === `Please review order ${number}`).length;
    const start = await reminders();
    clock.advance(3.5 * DAY_MS);
    await store.services.jobs.runDue();
    expect(await reminders()).toBe(start + 1);
    await store.services.jobs.runDue();
    expect(await reminders()).toBe(start + 1);
    clock.advance(2.5 * DAY_MS);
    await store.services.jobs.runDue();
    expect(await reminders()).toBe(start + 2);
    expect((await page(id, buyer)).status).toBe("delivered");
    clock.advance(DAY_MS);
    await store.services.jobs.runDue();
    const done = await page(id, buyer);
    expect(done.status).toBe("completed");
    expect(done.events.at(-1)).toMatchObject({ actor: "system", from: "delivered", to: "completed" });
    expect(await reminders()).toBe(start + 2);
  });

  it("numbers the timeline of an order that several runners touch at the same moment (three instances' reminders)", async () => {
    const { buyer, id } = await placed();
    await staff(`${id}/start`, admin);
    await deliver(id, admin, [["a.md", "done"]]);
    // What three instances' job runners do when the half-way and last-day reminders are due together: no event is
    // lost to a duplicate number (on PostgreSQL both read the same last number unless the order row is held).
    const deliverable = await store.db.kysely.selectFrom("deliverables").select("id").where("order_id", "=", id).executeTakeFirstOrThrow();
    await Promise.all([1, 2, 3].map(() => store.services.orders.actions.remindReview({ orderId: id, deliverableId: deliverable.id }, 1)));
    const events = (await page(id, buyer)).events as Array<{ kind: string }>;
    expect(events.filter((event) => event.kind === "reminder")).toHaveLength(3);
  });

  it("flags a late order once, with a mail to the customer (the on-time guarantee's apology, issue 28)", async () => {
    const { buyer, id, number } = await placed();
    await staff(`${id}/start`, writer);
    clock.set((await page(id, buyer)).dueAt);
    await store.services.jobs.runDue();
    await store.services.jobs.runDue();
    const detail = await page(id, buyer);
    expect(detail.events.filter((event: { kind: string }) => event.kind === "late")).toHaveLength(1);
    expect((await mailsTo(buyer.email)).filter((subject) => subject === `We are sorry: order ${number} is late`)).toHaveLength(1);
  });

  it("a staff move on an unknown order is a 404", async () => {
    expect((await staff(`${randomUUID()}/start`, admin)).status).toBe(404);
  });
});
