import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PromotionCodeRequest } from "../../../contract/promotions";
import { manualClock } from "../../platform/clock";
import { customer, orderBody, orderCount, staffMember, type TestCustomer } from "../../test/orders-test-support";
import { startTestStore, type TestStore } from "../../test/test-store";
import { createCode } from "./promotions-test-support";

let store: TestStore;
let manager: TestCustomer;
beforeAll(async () => {
  store = await startTestStore({}, { clock: manualClock("2026-03-02T10:00:00.000Z") });
  manager = await staffMember(store, "manager");
});
afterAll(() => store.close());

const BALANCE = { currency: "EUR" as const, minor: 1_000_000 };
const place = (buyer: TestCustomer, promoCode: string, locale: string, currency: "EUR" | "USD" = "EUR") =>
  store.post("/api/orders", { ...orderBody(undefined, currency), promoCode }, { token: buyer.token, headers: { "accept-language": locale } });

interface Case {
  why: string;
  rules?: Partial<PromotionCodeRequest>;
  /** What happened before the buyer tries the code (another buyer's use, their own earlier order). */
  before?: (code: string, buyer: TestCustomer) => Promise<void>;
  currency?: "EUR" | "USD";
  en: string;
  es: string;
}

const usedOnce = async (code: string, buyer: TestCustomer) => expect((await place(buyer, code, "en")).status).toBe(200);
const CASES: Case[] = [
  { why: "unknown", en: "This promotion code does not exist. Check its spelling.", es: "Este código promocional no existe. Revisa cómo lo has escrito." },
  { why: "not started", rules: { startsAt: "2026-04-01T00:00:00.000Z" }, en: "This promotion code cannot be used yet.", es: "Este código promocional todavía no se puede usar." },
  { why: "expired", rules: { endsAt: "2026-03-01T00:00:00.000Z" }, en: "This promotion code has expired.", es: "Este código promocional ha caducado." },
  { why: "paused", rules: { paused: true }, en: "This promotion code is paused for now.", es: "Este código promocional está en pausa por ahora." },
  {
    why: "used up",
    rules: { maxUses: 1 },
    before: async (code) => usedOnce(code, await customer(store, BALANCE)),
    en: "This promotion code has been used as many times as it allows.",
    es: "Este código promocional ya se ha usado todas las veces que permite.",
  },
  { why: "used by you", rules: { oncePerCustomer: true }, before: usedOnce, en: "You have already used this promotion code.", es: "Ya has usado este código promocional." },
  {
    why: "first order only",
    rules: { firstOrderOnly: true },
    before: async (_code, buyer) => expect((await store.post("/api/orders", orderBody(), { token: buyer.token })).status).toBe(200),
    en: "This promotion code is for a first order only.",
    es: "Este código promocional es solo para un primer pedido.",
  },
  { why: "not for these services", rules: { productIds: ["seo-layer", "investor-deck"] }, en: "This promotion code is not for the services in your cart.", es: "Este código promocional no es para los servicios de tu carrito." },
  { why: "not in this currency", rules: { percent: null, amounts: { EUR: 10 } }, currency: "USD", en: "This promotion code gives no discount in this currency.", es: "Este código promocional no tiene descuento en esta moneda." },
  { why: "below the minimum", rules: { minimumTotal: { EUR: 500 } }, en: "This promotion code needs a cart of at least €500.00.", es: "Este código promocional necesita un carrito de al menos 500,00\u00a0€." },
];

describe("a promotion code that does not apply", () => {
  it.each(CASES.map((rule, index) => ({ ...rule, index })))("is a field error on promoCode saying why, in both languages: $why", async (rule) => {
    const code = `CASE${rule.index}`;
    if (rule.why !== "unknown") await createCode(store, manager, code, rule.rules);
    const buyer = await customer(store, { currency: rule.currency ?? "EUR", minor: 1_000_000 });
    await rule.before?.(code, buyer);
    const before = await orderCount(store, buyer.id);
    for (const [locale, message] of [["en", rule.en], ["es", rule.es]] as const) {
      const answer = await place(buyer, code.toLowerCase(), locale, rule.currency);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errors).toEqual({ promoCode: [message] });
    }
    // Nothing placed, nothing paid, no use taken.
    expect(await orderCount(store, buyer.id)).toBe(before);
    const quoted = await store.post("/api/prices", { currency: rule.currency ?? "EUR", promoCode: code, productIds: ["article-forge"] }, { token: buyer.token, headers: { "accept-language": "es" } });
    expect(quoted.status).toBe(400);
    expect(quoted.body.errors).toEqual({ promoCode: [rule.es] });
  });

  it("is quoted to a visitor without the rules about the buyer, which the order then checks", async () => {
    await createCode(store, manager, "WELCOME", { firstOrderOnly: true, oncePerCustomer: true });
    const visitor = await store.post("/api/prices", { currency: "EUR", promoCode: "WELCOME", productIds: ["article-forge"] });
    expect(visitor.body.promotion).toEqual({ code: "WELCOME", subtotal: 149, discount: 14.9, total: 134.1 });
    const buyer = await customer(store, BALANCE);
    expect((await place(buyer, "welcome", "en")).status).toBe(200);
    const signedIn = await store.post("/api/prices", { currency: "EUR", promoCode: "WELCOME", productIds: ["article-forge"] }, { token: buyer.token });
    expect(signedIn.body.errors.promoCode).toEqual(["You have already used this promotion code."]);
  });
});
