import type { Currency } from "../../../contract/currency";
import type { PromotionRefusal } from "../../../contract/promotions";
import { shareOut } from "../../platform/share-out";

/** A code's rules as stored, read into numbers and lists (minor units). */
export interface PromotionRules {
  id: string;
  code: string;
  percent: number | null;
  amounts: Partial<Record<Currency, number>> | null;
  productIds: string[];
  startsAt: string;
  endsAt: string | null;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
  minimum: Partial<Record<Currency, number>>;
  maxUses: number | null;
  uses: number;
  paused: boolean;
}

/** The cart a code is tried on: its currency and each line's product and list price (minor units), in order. */
export interface CodeCart {
  currency: Currency;
  items: ReadonlyArray<{ productId: string; price: number }>;
}

/** What is known of the buyer: whether they used this code before and whether this is their first order. Null: unknown (a quote for a visitor). */
export interface CodeBuyer {
  usedBefore: boolean;
  firstOrder: boolean;
}

/** A code that applies: the minor units it takes off, and how much of that off each cart line (same order, adding up). */
export interface Discount {
  discount: number;
  perItem: number[];
}

export type Verdict = { ok: true; value: Discount } | { ok: false; refusal: PromotionRefusal };

const refuse = (refusal: PromotionRefusal): Verdict => ({ ok: false, refusal });

/** The rules that do not depend on the cart: paused, dates, the cap. */
function standing(rules: PromotionRules, now: string): PromotionRefusal | null {
  if (rules.paused) return "paused";
  if (now < rules.startsAt) return "notStarted";
  if (rules.endsAt !== null && now >= rules.endsAt) return "expired";
  if (rules.maxUses !== null && rules.uses >= rules.maxUses) return "usedUp";
  return null;
}

/** The discount on the lines the code is for: a percentage (rounded to the minor unit) or the fixed amount, never more than they cost. */
function discountOn(rules: PromotionRules, cart: CodeCart, eligible: boolean[]): Discount {
  const prices = cart.items.map((item, index) => (eligible[index] ? item.price : 0));
  const base = prices.reduce((sum, price) => sum + price, 0);
  const wanted = rules.percent !== null ? Math.round((base * rules.percent) / 100) : (rules.amounts?.[cart.currency] ?? 0);
  const discount = Math.min(wanted, base);
  return { discount, perItem: shareOut(discount, prices) };
}

/**
 * Whether a code applies to a cart for a buyer at `now`, and what it takes off: the first rule it fails is the reason
 * the buyer reads. The discount is spread over the lines it is for in proportion to their prices, so each line (and
 * each deliverable made from it) carries what was paid for it.
 */
export function judge(rules: PromotionRules | undefined, cart: CodeCart, buyer: CodeBuyer | null, now: string): Verdict {
  if (!rules) return refuse("unknown");
  const stands = standing(rules, now);
  if (stands) return refuse(stands);
  if (rules.percent === null && !rules.amounts?.[cart.currency]) return refuse("notForCurrency");
  const eligible = cart.items.map((item) => rules.productIds.length === 0 || rules.productIds.includes(item.productId));
  if (!eligible.some(Boolean)) return refuse("notForServices");
  const subtotal = cart.items.reduce((sum, item) => sum + item.price, 0);
  if (subtotal < (rules.minimum[cart.currency] ?? 0)) return refuse("belowMinimum");
  if (buyer && rules.oncePerCustomer && buyer.usedBefore) return refuse("alreadyUsed");
  if (buyer && rules.firstOrderOnly && !buyer.firstOrder) return refuse("firstOrderOnly");
  return { ok: true, value: discountOn(rules, cart, eligible) };
}
