import { translate, type Locale } from "../../i18n/messages";
import { productName } from "../catalog";
import type { PricedItem } from "./order-cart";

/** A line worded in both languages, shown in `locale`. */
function line(text: (language: Locale) => string, amount: number, locale: Locale) {
  const descriptions = { en: text("en"), es: text("es") };
  return { description: descriptions[locale], descriptions, amount };
}

/**
 * The invoice's lines of an order: each item at its product's price, then each of its options on a line of its own
 * ("Rush delivery — Article Forge"), so the lines add up to the total (docs/decisions/XXXX-service-options.md). Every
 * line in every language: the invoice is issued in the order's, and can be read in the other one.
 */
export function invoiceLines(items: readonly PricedItem[], locale: Locale) {
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
