import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaceOrderRequest } from "../../../contract/orders";
import { manualClock, type ManualClock } from "../../platform/clock";
import { fetchPdf, pdfText } from "../../test/pdf-text";
import { RUSH_DAYS_TTL_MS } from "./rush-capacity";
import { startTestStore, type TestStore } from "../../test/test-store";
import {
  articleBrief,
  customer,
  orderBody,
  seoBrief,
  staffMember,
  type TestCustomer,
} from "../../test/orders-test-support";

// Options per service (issue 28, docs/decisions/0077-service-options.md), as a buyer and an API client see them.
// One rush may fall due per day here, so the second rush of a day moves to the next free one.
let store: TestStore;
let clock: ManualClock;
let manager: TestCustomer;
beforeAll(async () => {
  // A Monday, 09:00 UTC: article-forge takes 3 business days (Thursday), its rush 2 (Wednesday).
  clock = manualClock("2026-01-05T09:00:00.000Z");
  store = await startTestStore({ RUSH_CAPACITY_PER_DAY: "1" }, { clock, listen: true });
  manager = await staffMember(store, "manager");
});
afterAll(() => store.close());

type Option = { id: string; kind: string; price: number; turnaroundDays?: number; offeredTurnaroundDays?: number };
type Item = { id: string; options: Option[] };

const optionsOf = async (productId: string, currency = "EUR") =>
  ((await store.post("/api/prices", { currency })).body.items as Item[]).find((item) => item.id === productId)!.options;

const ARTICLE_RUSH_EXTRA: PlaceOrderRequest["orderFormData"] = [
  { productId: "article-forge", brief: articleBrief, options: ["rush", "extra-revision"] },
];

async function place(items: PlaceOrderRequest["orderFormData"], locale: "en" | "es" = "en") {
  const buyer = await customer(store, { currency: "EUR", minor: 1_000_000 });
  const answer = await store.post("/api/orders", orderBody(items), {
    token: buyer.token,
    headers: { "accept-language": locale },
  });
  return { buyer, answer };
}

describe("POST /api/prices lists each service's options", () => {
  it("gives rush (with its turnaround), the extra round and the service's own extras a price; a bundle none", async () => {
    expect(await optionsOf("article-forge")).toEqual([
      { id: "rush", kind: "rush", price: 60, turnaroundDays: 2, offeredTurnaroundDays: 2 },
      { id: "extra-revision", kind: "revision", price: 22 },
      { id: "meta-descriptions", kind: "extra", price: 39 },
    ]);
    expect((await optionsOf("investor-deck", "GBP")).map((option) => [option.id, option.price])).toEqual([
      ["rush", 308],
      ["extra-revision", 116],
      ["speaker-notes", 129],
    ]);
    expect(await optionsOf("launch-essentials-kit")).toEqual([]);
  });
});

describe("an order item with options", () => {
  it("costs the service plus its options, comes back sooner with rush and has one more revision round", async () => {
    clock.set("2026-01-05T09:00:00.000Z");
    const { buyer, answer } = await place(ARTICLE_RUSH_EXTRA);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.total).toBe(149 + 60 + 22);
    const order = (await store.call(`/api/orders/${answer.body.number}`, { token: buyer.token })).body;
    expect(order.total).toBe(231);
    expect(order.dueAt).toBe("2026-01-07T09:00:00.000Z");
    expect(order.deliverables[0]).toMatchObject({
      price: 231,
      dueAt: "2026-01-07T09:00:00.000Z",
      revisionRounds: 3,
      options: [
        { id: "rush", kind: "rush", price: 60, nextFreeDay: false },
        { id: "extra-revision", kind: "revision", price: 22, nextFreeDay: false },
      ],
    });
    // Without options nothing changes: the service's own price, turnaround and rounds.
    const plain = await place([{ productId: "article-forge", brief: articleBrief }]);
    const plainOrder = (await store.call(`/api/orders/${plain.answer.body.number}`, { token: plain.buyer.token })).body;
    expect(plainOrder.deliverables[0]).toMatchObject({
      price: 149,
      dueAt: "2026-01-08T09:00:00.000Z",
      revisionRounds: 2,
      options: [],
    });
  });

  it("lists each option as a line of the invoice, in both languages, adding up to the total", async () => {
    const { buyer, answer } = await place([
      { productId: "article-forge", brief: articleBrief, options: ["meta-descriptions", "extra-revision"] },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(149 + 22 + 39);
    const english = pdfText((await fetchPdf(`${store.url}/api/orders/${answer.body.id}/invoice`, buyer.token)).bytes);
    expect(english).toContain("Article Forge");
    expect(english).toContain("Extra revision round — Article Forge");
    expect(english).toContain("Meta-description pack — Article Forge");
    // The catalog's order, whatever order they were asked in.
    expect(english.indexOf("Extra revision round")).toBeLessThan(english.indexOf("Meta-description pack"));
    const spanish = pdfText(
      (await fetchPdf(`${store.url}/api/orders/${answer.body.id}/invoice?lang=es`, buyer.token)).bytes,
    );
    expect(spanish).toContain("Ronda de revisión adicional — Article Forge");
    expect(spanish).toContain("Paquete de metadescripciones — Article Forge");
  });

  it("answers an option the product does not offer, or one asked twice, with a translated field error and places nothing", async () => {
    const { buyer, answer } = await place([
      { productId: "article-forge", brief: articleBrief, options: ["speaker-notes", "rush", "rush"] },
      {
        productId: "growth-and-visibility-pack",
        brief: { "seo-layer": seoBrief, "article-forge": articleBrief },
        options: ["rush"],
      },
      { productId: "seo-layer", brief: seoBrief, options: ["no-such-option"] },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      "orderFormData[0].options[0]": ["This option is not offered for this product."],
      "orderFormData[0].options[2]": ["This option is chosen twice."],
      "orderFormData[1].options[0]": ["This option is not offered for this product."],
      "orderFormData[2].options[0]": ["This option is not offered for this product."],
    });
    const spanish = await store.post(
      "/api/orders",
      orderBody([{ productId: "seo-layer", brief: seoBrief, options: ["speaker-notes"] }]),
      { token: buyer.token, headers: { "accept-language": "es" } },
    );
    expect(spanish.status).toBe(400);
    expect(spanish.body.errors).toEqual({
      "orderFormData[0].options[0]": ["Esta opción no se ofrece para este producto."],
    });
    const notAList = await store.post(
      "/api/orders",
      orderBody([{ productId: "seo-layer", brief: seoBrief, options: "rush" as never }]),
      {
        token: buyer.token,
      },
    );
    expect(notAList.status).toBe(400);
    expect(Object.keys(notAList.body.errors)).toEqual(["orderFormData[0].options"]);
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(1_000_000);
  });

});

describe("money back on an optioned deliverable", () => {
  it("refunds what was paid for it, options included, never more", async () => {
    clock.set("2026-02-02T09:00:00.000Z");
    const { buyer, answer } = await place([
      { productId: "article-forge", brief: articleBrief, options: ["extra-revision", "meta-descriptions"] },
    ]);
    const paid = 149 + 22 + 39;
    const tooMuch = await store.post(
      `/api/admin/orders/${answer.body.id}/deliverables/1/cancel`,
      { reason: "The brief changed", refund: paid + 0.01 },
      { token: manager.token },
    );
    expect(tooMuch.status).toBe(400);
    const cancelled = await store.post(`/api/orders/${answer.body.number}/deliverables/1/cancel`, undefined, {
      token: buyer.token,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.deliverables[0]).toMatchObject({ status: "cancelled", refunded: paid });
    expect(await store.services.wallet.balance(buyer.id, "EUR")).toBe(1_000_000);
  });
});

describe("rush capacity per day (RUSH_CAPACITY_PER_DAY)", () => {
  it("offers and books a rush for the next free day once its day is full, and says so", async () => {
    // A fresh week: Monday 2026-03-02. Article Forge's rush falls due on Wednesday, SEO Layer's (3 days) on Thursday.
    clock.set("2026-03-02T09:00:00.000Z");
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ turnaroundDays: 2, offeredTurnaroundDays: 2 });
    const first = await place(ARTICLE_RUSH_EXTRA);
    expect(first.answer.status).toBe(200);

    // Wednesday is full: Article Forge's rush is offered for Thursday; SEO Layer's Thursday is still free.
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ turnaroundDays: 2, offeredTurnaroundDays: 3 });
    expect((await optionsOf("seo-layer"))[0]).toMatchObject({ turnaroundDays: 3, offeredTurnaroundDays: 3 });

    const second = await place(ARTICLE_RUSH_EXTRA);
    expect(second.answer.status).toBe(200);
    const order = (await store.call(`/api/orders/${second.answer.body.number}`, { token: second.buyer.token })).body;
    expect(order.deliverables[0].dueAt).toBe("2026-03-05T09:00:00.000Z");
    expect(order.deliverables[0].options[0]).toEqual({ id: "rush", kind: "rush", price: 60, nextFreeDay: true });
    // Wednesday and Thursday are full now: both rushes move to Friday; the price stays the rush's.
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 4, price: 60 });
    expect((await optionsOf("seo-layer"))[0]).toMatchObject({ offeredTurnaroundDays: 4 });
    // A day later the full days are behind a rush placed now.
    clock.set("2026-03-03T09:00:00.000Z");
    expect((await optionsOf("seo-layer"))[0]).toMatchObject({ offeredTurnaroundDays: 3 });
  });
});

describe("the full rush days POST /api/prices keeps (issue 27)", () => {
  it("shows a day another instance filled within RUSH_DAYS_TTL_MS, and one this store books at once", async () => {
    // Monday 2026-05-04: Article Forge's rush falls due on Wednesday 2026-05-06.
    clock.set("2026-05-04T09:00:00.000Z");
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 2 });
    // Another instance (same database) fills Wednesday: this store's read stands until it expires.
    await store.db.kysely.insertInto("rush_bookings").values({ day: "2026-05-06", booked: 1 }).execute();
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 2 });
    clock.advance(RUSH_DAYS_TTL_MS);
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 3 });
    // This store books Thursday: the next price list moves the rush to Friday, with no time passing.
    expect((await place(ARTICLE_RUSH_EXTRA)).answer.status).toBe(200);
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 4 });
  });
});

describe("a cancelled rush gives its day back", () => {
  it("frees the slot when the buyer or a manager cancels, so the next buyer books rush that day", async () => {
    // A fresh week: Monday 2026-04-06. Article Forge's rush falls due on Wednesday 2026-04-08, one rush a day here.
    clock.set("2026-04-06T09:00:00.000Z");
    const first = await place(ARTICLE_RUSH_EXTRA);
    expect(first.answer.status).toBe(200);
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 3 });
    // The buyer cancels before work starts: Wednesday is free again, once (a second cancel is refused).
    const mine = `/api/orders/${first.answer.body.number}/cancel`;
    expect((await store.post(mine, undefined, { token: first.buyer.token })).status).toBe(200);
    expect((await store.post(mine, undefined, { token: first.buyer.token })).status).toBe(409);
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 2 });

    const second = await place(ARTICLE_RUSH_EXTRA);
    const order = (await store.call(`/api/orders/${second.answer.body.number}`, { token: second.buyer.token })).body;
    expect(order.deliverables[0].dueAt).toBe("2026-04-08T09:00:00.000Z");
    expect(order.deliverables[0].options[0]).toMatchObject({ id: "rush", nextFreeDay: false });
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 3 });
    // A manager cancels it with a refund: free again, and the third buyer gets Wednesday too.
    const cancelled = await store.post(
      `/api/admin/orders/${second.answer.body.id}/deliverables/1/cancel`,
      { reason: "Writer unavailable" },
      { token: manager.token },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await optionsOf("article-forge"))[0]).toMatchObject({ offeredTurnaroundDays: 2 });
    const third = await place(ARTICLE_RUSH_EXTRA);
    const booked = (await store.call(`/api/orders/${third.answer.body.number}`, { token: third.buyer.token })).body;
    expect(booked.deliverables[0].dueAt).toBe("2026-04-08T09:00:00.000Z");
  });
});
