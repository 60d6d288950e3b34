import { translate, type Locale } from "../../i18n/messages";
import { productName } from "../catalog";
import type { PricedItem } from "./order-cart";
import type { PricedOrder } from "./order-pricing";

/** A line worded in both languages, shown in `locale`. */
function line(text: (language: Locale) => string, amount: number, locale: Locale) {
  const descriptions = { en: text("en"), es: text("es") };
  return { description: descriptions[locale], descriptions, amount };
}

/**
 * The invoice's lines of an order: each item at its product's price, then each of its options on a line of its own
 * ("Rush delivery — Article Forge"), then a promotion code's discount as a negative line, so the lines add up to the
 * total (docs/decisions/0077-service-options.md, 0075-promotion-codes.md). Every line in every language: the invoice
 * is issued in the order's, and can be read in the other one.
 */
export function invoiceLines(priced: Pick<PricedOrder, "items" | "promotion">, locale: Locale) {
  const lines = itemLines(priced.items, locale);
  const promotion = priced.promotion;
  if (!promotion || promotion.discount === 0) return lines;
  return [...lines, line((language) => translate(language, "promotions.invoiceLine", { code: promotion.code }), -promotion.discount, locale)];
}

function itemLines(items: readonly PricedItem[], locale: Locale) {
  return items.flatMap((item) => [
    line((language) => productName(item.productId, language), item.basePrice, locale),
    ...item.options.map((option) =>
      line(
        (language) =>
          translate(language, "options.invoiceLine", {
            option: translate(language, `options.names.${option.id}`),
            product: productName(item.productId, language),
          }),
        option.price,
        locale,
      ),
    ),
  ]);
}
