import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, type ManualClock } from "../../platform/clock";
import { fetchPdf, pdfText } from "../../test/pdf-text";
import { startTestStore, type TestStore } from "../../test/test-store";
import { customer, ledgerSum, placeFiveDeliverables, staffMember, staffMembers, type TestCustomer } from "../../test/orders-test-support";

let store: TestStore;
let clock: ManualClock;
let writer: TestCustomer;
let manager: TestCustomer;
let admin: TestCustomer;
beforeAll(async () => {
  // Far from the wall clock: the ledger dates its entries by the injected clock, and so the dashboard (the last 30
  // days by that clock) and the statement agree with it.
  clock = manualClock("2026-01-05T09:00:00.000Z");
  store = await startTestStore({}, { clock, listen: true });
  [writer, manager, admin] = await staffMembers(store, ["writer", "manager", "admin"]);
});
afterAll(() => store.close());

const BALANCE = 2_000_000;
/** The five deliverables' order: article-forge (149), seo-layer (240) and full-site-and-content-pack (749). */
const TOTAL = 14_900 + 24_000 + 74_900;
/** The bundle's 749.00 over web-copycraft (490), article-forge (149) and seo-layer (240) by list price, to the cent. */
const BUNDLE_SHARES = [41_753, 12_696, 20_451];

const placed = () => placeFiveDeliverables(store, BALANCE);
const page = async (ref: string, who: TestCustomer) =>
  (await store.call(`/api/orders/${ref}`, { token: who.token })).body;
const staffPage = async (id: string) => (await store.call(`/api/admin/orders/${id}`, { token: manager.token })).body;
const mine = (ref: string, n: number, move: string, who: TestCustomer) =>
  store.post(`/api/orders/${ref}/deliverables/${n}/${move}`, undefined, { token: who.token });
const staff = (
  id: string,
  n: number,
  move: string,
  who: TestCustomer,
  body?: unknown,
  headers?: Record<string, string>,
) => store.post(`/api/admin/orders/${id}/deliverables/${n}/${move}`, body, { token: who.token, headers });
const balance = (buyer: TestCustomer) => store.services.wallet.balance(buyer.id, "EUR");
const refundEntries = async (buyer: TestCustomer) =>
  (
    await store.db.kysely
      .selectFrom("ledger_entries")
      .select("amount")
      .where("user_id", "=", buyer.id)
      .where("kind", "=", "refund")
      .execute()
  ).map((row) => row.amount);
type Listed = { kind: string; number: string; total: number; sourceId: string; issuedAt: string };
const creditNotes = async (buyer: TestCustomer) =>
  ((await store.call("/api/documents", { token: buyer.token })).body as Listed[]).filter(
    (document) => document.kind === "credit_note",
  );
const creditNoteText = async (ref: string, buyer: TestCustomer) => {
  const pdf = await fetchPdf(`${store.url}/api/orders/${ref}/credit-note`, buyer.token);
  expect(pdf.status).toBe(200);
  return pdfText(pdf.bytes);
};
const eurOut = async () =>
  (
    (await store.call("/api/admin/dashboard", { token: admin.token })).body.money as Array<{
      currency: string;
      totalOut: number;
    }>
  ).find((series) => series.currency === "EUR")?.totalOut ?? 0;

describe("a customer order of two services and a bundle of three", () => {
  it("has five deliverables priced in major units; the bundle's shares follow list prices and add up to its price", async () => {
    const { buyer, number } = await placed();
    const order = await page(number, buyer);
    expect(
      order.deliverables.map((deliverable: { n: number; productId: string; bundleId: string | null }) => [
        deliverable.n,
        deliverable.productId,
        deliverable.bundleId,
      ]),
    ).toEqual([
      [1, "article-forge", null],
      [2, "seo-layer", null],
      [3, "web-copycraft", "full-site-and-content-pack"],
      [4, "article-forge", "full-site-and-content-pack"],
      [5, "seo-layer", "full-site-and-content-pack"],
    ]);
    const prices = order.deliverables.map((deliverable: { price: number }) => deliverable.price);
    expect(prices).toEqual([149, 240, ...BUNDLE_SHARES.map((share) => share / 100)]);
    expect(BUNDLE_SHARES.reduce((sum, share) => sum + share, 0)).toBe(74_900);
    expect(Math.round(prices.reduce((sum: number, price: number) => sum + price, 0) * 100)).toBe(TOTAL);
    expect(order.progress).toEqual({ total: 5, delivered: 0, completed: 0, cancelled: 0 });
    expect(await balance(buyer)).toBe(BALANCE - TOTAL);
  });
});

describe("a customer cancels one deliverable", () => {
  it("before work starts: its share back, one ledger entry, a credit note naming the order and the deliverable", async () => {
    const { buyer, id, number } = await placed();
    const out = await eurOut();
    clock.advance(60_000);
    const cancelled = await mine(number, 2, "cancel", buyer);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("paid");
    expect(cancelled.body.progress).toEqual({ total: 5, delivered: 0, completed: 0, cancelled: 1 });
    expect(cancelled.body.deliverables[1]).toMatchObject({ n: 2, status: "cancelled", refunded: 240, credited: 0 });
    expect(
      cancelled.body.deliverables.filter((deliverable: { status: string }) => deliverable.status === "paid"),
    ).toHaveLength(4);
    expect(await balance(buyer)).toBe(BALANCE - TOTAL + 24_000);
    expect(await refundEntries(buyer)).toEqual([24_000]);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await balance(buyer));

    const notes = await creditNotes(buyer);
    expect(notes).toEqual([expect.objectContaining({ sourceId: id, total: -240 })]);
    const text = await creditNoteText(id, buyer);
    expect(text).toContain(number);
    expect(text).toContain(`Order ${number}, deliverable 2:`);
    // The dashboard counts the refund as money out, and the statement dates it by the store's clock.
    expect(await eurOut()).toBeCloseTo(out + 240, 2);
    const statement = await store.post("/api/balance", { currency: "EUR" }, { token: buyer.token });
    expect(statement.body.transactions[0]).toMatchObject({
      kind: "refund",
      amount: 240,
      reference: number,
      createdAt: clock.now().toISOString(),
    });

    // Again is a 409, and so is one already started.
    expect((await mine(number, 2, "cancel", buyer)).status).toBe(409);
    expect((await staff(id, 1, "start", writer)).status).toBe(200);
    const started = await mine(number, 1, "cancel", buyer);
    expect(started.status).toBe(409);
    expect(await balance(buyer)).toBe(BALANCE - TOTAL + 24_000);
  });

  it("cancels a late undelivered one in full, and every deliverable cancelled cancels the order", async () => {
    const { buyer, id, number } = await placed();
    expect((await staff(id, 1, "start", writer)).status).toBe(200);
    const { dueAt } = (await page(number, buyer)).deliverables[0];
    const before = clock.now();
    clock.set(new Date(new Date(dueAt).getTime() - 1));
    expect((await mine(number, 1, "cancel", buyer)).status).toBe(409);
    clock.advance(2);
    const late = await page(number, buyer);
    expect(late.deliverables[0]).toMatchObject({ late: true, actions: ["cancel_late"] });
    expect((await mine(number, 1, "cancel", buyer)).body.deliverables[0]).toMatchObject({
      status: "cancelled",
      refunded: 149,
    });
    for (const n of [2, 3, 4, 5]) expect((await mine(number, n, "cancel", buyer)).status).toBe(200);
    const all = await page(number, buyer);
    expect(all.status).toBe("cancelled");
    expect(all.progress).toEqual({ total: 5, delivered: 0, completed: 0, cancelled: 5 });
    expect(await balance(buyer)).toBe(BALANCE);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(BALANCE);
    expect(await refundEntries(buyer)).toHaveLength(5);
    expect(await creditNotes(buyer)).toHaveLength(5);
    clock.set(before);
  });
});

describe("a manager gives money back on one deliverable", () => {
  it("cancels with a partial refund and a reason, credits another without cancelling; the pages agree with the ledger", async () => {
    const { buyer, id, number } = await placed();
    const out = await eurOut();
    // A writer who is not on the order does not see it.
    expect((await staff(id, 3, "cancel", writer, { reason: "no", refund: 1 })).status).toBe(404);
    expect((await staff(id, 4, "credit", writer, { reason: "no", amount: 1 })).status).toBe(404);

    const cancelled = await staff(id, 3, "cancel", manager, { reason: "The brief changed", refund: 200.5 });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, number, status: "paid" });
    const firstNote = (await creditNotes(buyer))[0]!;
    expect(firstNote).toMatchObject({ sourceId: id, total: -200.5 });
    expect(await creditNoteText(id, buyer)).toContain(`Order ${number}, deliverable 3:`);

    const credited = await staff(id, 4, "credit", manager, { reason: "Sorry for the wait", amount: 20 });
    expect(credited.status).toBe(200);
    expect(credited.body.status).toBe("paid");

    const order = await page(number, buyer);
    expect(order.status).toBe("paid");
    expect(order.deliverables[2]).toMatchObject({ status: "cancelled", refunded: 200.5, credited: 0 });
    expect(order.deliverables[3]).toMatchObject({ status: "paid", refunded: 0, credited: 20 });
    const staffView = await staffPage(id);
    expect(staffView.staffDeliverables[2]).toMatchObject({ n: 3, refunded: 200.5, credited: 0 });
    expect(staffView.staffDeliverables[3]).toMatchObject({ n: 4, refunded: 0, credited: 20 });
    expect(staffView.refunded).toBe(220.5);
    expect((await refundEntries(buyer)).sort((a, b) => a - b)).toEqual([2_000, 20_050]);
    expect(await balance(buyer)).toBe(BALANCE - TOTAL + 22_050);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await balance(buyer));
    expect(await eurOut()).toBeCloseTo(out + 220.5, 2);

    // Each has its credit note, all about the order; the order's credit note is the newest.
    const notes = await creditNotes(buyer);
    expect(notes.map((note) => [note.sourceId, note.total])).toEqual([
      [id, -20],
      [id, -200.5],
    ]);
    const newest = await creditNoteText(id, buyer);
    expect(newest).toContain(`Order ${number}, deliverable 4:`);
    expect(newest).toContain(notes[0]!.number);
    // The customer's mail of each move carries its credit note.
    const attached = (await store.services.mail.list({ to: buyer.email })).flatMap((mail) =>
      mail.attachments.map((file) => file.fileName),
    );
    expect(attached).toEqual(expect.arrayContaining(notes.map((note) => `credit-note-${note.number}.pdf`)));
    const creditMail = (await store.services.mail.list({ to: buyer.email })).find(
      (mail) => mail.subject === `A credit on order ${number}`,
    );
    expect(creditMail?.text).toContain("Sorry for the wait");
    expect(creditMail?.attachments.map((file) => file.fileName)).toEqual([`credit-note-${notes[0]!.number}.pdf`]);
    // Another customer gets no credit note of this order.
    const stranger = await customer(store);
    expect((await fetchPdf(`${store.url}/api/orders/${id}/credit-note`, stranger.token)).status).toBe(404);
  });
});

describe("what a manager may give back", () => {
  it("refuses more than what is left of the share with the translated message, and a writer's order they cannot see", async () => {
    const { buyer, id, number } = await placed();
    expect((await staff(id, 1, "credit", manager, { reason: "Late start", amount: 100 })).status).toBe(200);
    const english = await staff(id, 1, "credit", manager, { reason: "More", amount: 49.01 });
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual({
      amount: ["The credit must be more than 0 and cannot be more than what is left of this deliverable's share."],
    });
    const spanish = await staff(
      id,
      1,
      "cancel",
      manager,
      { reason: "Más", refund: 49.01 },
      { "accept-language": "es" },
    );
    expect(spanish.status).toBe(400);
    expect(spanish.body.errors).toEqual({
      refund: ["El reembolso no puede superar lo que queda de la parte de este servicio."],
    });
    const englishRefund = await staff(id, 1, "cancel", manager, { reason: "More", refund: 49.01 });
    expect(englishRefund.body.errors).toEqual({
      refund: ["The refund cannot be more than what is left of this deliverable's share."],
    });
    const spanishCredit = await staff(
      id,
      2,
      "credit",
      manager,
      { reason: "Más", amount: 240.01 },
      { "accept-language": "es" },
    );
    expect(spanishCredit.body.errors).toEqual({
      amount: ["El abono debe ser mayor que 0 y no puede superar lo que queda de la parte de este servicio."],
    });
    // Nothing moved on a refusal; what is left can still be refunded, to the cent.
    expect((await page(number, buyer)).deliverables[0]).toMatchObject({ status: "paid", credited: 100, refunded: 0 });
    expect((await staff(id, 1, "cancel", manager, { reason: "The rest", refund: 49 })).status).toBe(200);
    expect((await page(number, buyer)).deliverables[0]).toMatchObject({
      status: "cancelled",
      credited: 100,
      refunded: 49,
    });
    // A credit on a cancelled deliverable with nothing left is refused too.
    expect((await staff(id, 1, "credit", manager, { reason: "More", amount: 0.01 })).status).toBe(400);

    // A writer: 403 on their own order's deliverable, 404 on one they cannot see.
    const other = await staffMember(store, "writer");
    expect((await staff(id, 2, "start", writer)).status).toBe(200);
    expect((await staff(id, 2, "credit", other, { reason: "x", amount: 1 })).status).toBe(404);
    expect((await staff(id, 2, "credit", writer, { reason: "x", amount: 1 })).status).toBe(403);
    expect((await staff(id, 2, "cancel", writer, { reason: "x" })).status).toBe(403);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await balance(buyer));
  });
});

describe("concurrent refunds and credits", () => {
  it("never give back more than the share: of 10 parallel credits only those that fit pass, the rest are 400", async () => {
    const { buyer, id, number } = await placed();
    // Deliverable 4 (article-forge in the bundle) has a share of 126.96: 40 fits three times.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => staff(id, 4, "credit", manager, { reason: "Goodwill", amount: 40 })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400, 400, 400]);
    const order = await page(number, buyer);
    expect(order.deliverables[3]).toMatchObject({ status: "paid", credited: 120, refunded: 0 });
    expect(await refundEntries(buyer)).toEqual([4_000, 4_000, 4_000]);
    expect(await creditNotes(buyer)).toHaveLength(3);
    expect(await balance(buyer)).toBe(BALANCE - TOTAL + 12_000);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await balance(buyer));
  });

  it("a cancel racing credits on the same deliverable and moves on others stays within each share", async () => {
    const { buyer, id, number } = await placed();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => staff(id, 5, "credit", manager, { reason: "Goodwill", amount: 80 })),
      staff(id, 5, "cancel", manager, { reason: "Dropped" }),
      ...Array.from({ length: 3 }, () => staff(id, 1, "credit", admin, { reason: "Goodwill", amount: 70 })),
      mine(number, 2, "cancel", buyer),
    ]);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const order = await page(number, buyer);
    const given = (deliverable: { refunded: number; credited: number }) =>
      Math.round((deliverable.refunded + deliverable.credited) * 100);
    order.deliverables.forEach((deliverable: { price: number; refunded: number; credited: number }) =>
      expect(given(deliverable)).toBeLessThanOrEqual(Math.round(deliverable.price * 100)),
    );
    expect(given(order.deliverables[4])).toBe(20_451);
    expect(order.deliverables[0].credited).toBe(140);
    expect(order.deliverables[1]).toMatchObject({ status: "cancelled", refunded: 240 });
    const back = order.deliverables.reduce(
      (sum: number, deliverable: { refunded: number; credited: number }) => sum + given(deliverable),
      0,
    );
    expect((await refundEntries(buyer)).reduce((sum, amount) => sum + amount, 0)).toBe(back);
    expect(await balance(buyer)).toBe(BALANCE - TOTAL + back);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await balance(buyer));
  });
});

describe("the order-level moves of before on an order of several deliverables", () => {
  it("a manager's cancel with a refund spreads it over the open deliverables, each up to what is left of its share", async () => {
    const { buyer, id, number } = await placed();
    expect((await staff(id, 1, "credit", manager, { reason: "Goodwill", amount: 100 })).status).toBe(200);
    expect((await mine(number, 2, "cancel", buyer)).status).toBe(200);
    const tooMuch = await store.post(
      `/api/admin/orders/${id}/cancel`,
      { reason: "Closing", refund: 798.01 },
      { token: manager.token },
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual({
      refund: ["The refund cannot be more than what is left of this deliverable's share."],
    });
    const cancelled = await store.post(
      `/api/admin/orders/${id}/cancel`,
      { reason: "Closing", refund: 500 },
      { token: manager.token },
    );
    expect(cancelled.status).toBe(200);
    const order = await page(number, buyer);
    expect(order.status).toBe("cancelled");
    expect(
      order.deliverables.map((deliverable: { refunded: number; credited: number }) => [
        deliverable.refunded,
        deliverable.credited,
      ]),
    ).toEqual([
      [49, 100],
      [240, 0],
      [417.53, 0],
      [33.47, 0],
      [0, 0],
    ]);
    expect(await creditNotes(buyer)).toHaveLength(5);
    expect(await balance(buyer)).toBe(BALANCE - TOTAL + 10_000 + 24_000 + 50_000);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await balance(buyer));
  });

  it("a customer's cancel of the order cancels the deliverables not started and leaves the started one open", async () => {
    const { buyer, id, number } = await placed();
    expect((await staff(id, 3, "start", writer)).status).toBe(200);
    const cancelled = await store.post(`/api/orders/${number}/cancel`, undefined, { token: buyer.token });
    expect(cancelled.status).toBe(200);
    const order = await page(number, buyer);
    expect(order.deliverables.map((deliverable: { status: string }) => deliverable.status)).toEqual([
      "cancelled",
      "cancelled",
      "in_progress",
      "cancelled",
      "cancelled",
    ]);
    expect(order.status).toBe("in_progress");
    expect(order.progress).toEqual({ total: 5, delivered: 0, completed: 0, cancelled: 4 });
    expect(await balance(buyer)).toBe(BALANCE - BUNDLE_SHARES[0]!);
    expect(await creditNotes(buyer)).toHaveLength(4);
    expect(await ledgerSum(store, buyer.id, "EUR")).toBe(await balance(buyer));
  });
});
