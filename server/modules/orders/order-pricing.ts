import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { PlaceOrderRequest } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { CatalogService } from "../catalog";
import { chooseOptions } from "./item-options";
import { priceCart, type PricedItem } from "./order-cart";
import type { AppliedCode, CodeCart, PromotionCheckout } from "./orders-ports";

/** A cart priced for an order: its lines at list price, the code's discount, and what the buyer pays. */
export interface PricedOrder {
  items: PricedItem[];
  /** Minor units: the lines at list price. */
  subtotal: number;
  /** The code that applies, with its discount per line; null without one. */
  promotion: AppliedCode | null;
  /** Minor units: the subtotal less the discount. */
  total: number;
}

/** What pricing an order needs. */
export interface OrderPricingDeps {
  db: Kysely<Database>;
  catalog: CatalogService;
  promotions?: PromotionCheckout;
}

/** True when the buyer has never placed an order (of any state): a first-order code applies. */
export async function isFirstOrder(executor: Kysely<Database>, userId: string, except?: string): Promise<boolean> {
  let query = executor.selectFrom("orders").select("id").where("user_id", "=", userId);
  if (except) query = query.where("id", "!=", except);
  const row = await query.limit(1).executeTakeFirst();
  return row === undefined;
}

export const codeCart = (items: readonly PricedItem[], currency: Currency): CodeCart => ({
  currency,
  items: items.map((item) => ({ productId: item.productId, price: item.price })),
});

/** The lines as paid: each line's price less its share of the discount (what its deliverables carry and refunds give back). */
export function paidItems(priced: PricedOrder): PricedItem[] {
  return priced.items.map((item, index) => ({ ...item, price: item.price - (priced.promotion?.perItem[index] ?? 0) }));
}

/**
 * Prices a cart from the catalog and applies its promotion code for the buyer, or throws the field error on
 * `promoCode` that says why the code does not apply. The code is checked again, and one use taken, when the order is
 * stored (place-order.ts).
 */
export async function priceOrder(
  deps: OrderPricingDeps,
  user: string | null,
  input: Pick<PlaceOrderRequest, "orderFormData" | "currency" | "promoCode">,
  locale: Locale,
): Promise<PricedOrder> {
  const priced = await priceCart(deps.catalog, input.orderFormData, input.currency);
  const promotion = input.promoCode ? await quoteCode(deps, user, input.promoCode, codeCart(priced.items, input.currency), locale) : null;
  return { items: priced.items, subtotal: priced.total, promotion, total: priced.total - (promotion?.discount ?? 0) };
}

/** What a code takes off a cart for this buyer (a visitor: the rules about the buyer wait for the order). */
export async function quoteCode(deps: OrderPricingDeps, user: string | null, code: string, cart: CodeCart, locale: Locale): Promise<AppliedCode> {
  if (!deps.promotions) throw new Error("promotion codes need the promotions module");
  const buyer = user ? { userId: user, firstOrder: await isFirstOrder(deps.db, user) } : null;
  return deps.promotions.quote(code, cart, buyer, locale);
}

/**
 * A price list's quote of a code (POST /api/prices): the cart's lines by product with their options at catalog prices,
 * and what the code takes off; an option the product does not sell is left out here (the order refuses it).
 */
export async function quoteCart(
  deps: OrderPricingDeps,
  user: string | null,
  code: string,
  lines: ReadonlyArray<{ productId: string; options: readonly string[] }>,
  currency: Currency,
  locale: Locale,
): Promise<{ code: string; subtotal: number; discount: number; total: number }> {
  const items: Array<{ productId: string; price: number }> = [];
  for (const [index, line] of lines.entries()) {
    const product = await deps.catalog.product(line.productId, currency);
    if (!product) continue;
    const { chosen } = chooseOptions(product.options, line.options, index);
    items.push({ productId: product.id, price: chosen.reduce((sum, option) => sum + option.price, product.price) });
  }
  const applied = await quoteCode(deps, user, code, { currency, items }, locale);
  const subtotal = items.reduce((sum, item) => sum + item.price, 0);
  return { code: applied.code, subtotal, discount: applied.discount, total: subtotal - applied.discount };
}
