import { addMoney, moneyFromApi, type Money } from "../../../contract/money-units";
import type { Currency } from "../../../contract/currency";
import type { CartItem } from "~/lib/cart/cart-store";
import { usePrices } from "./use-prices";

/** Each line's price in `currency` (null until known) and their total (null until the prices came). */
export function useCartPrices(items: readonly CartItem[], currency: Currency) {
  const { prices, failure } = usePrices(currency);
  const priceOf = (productId: string): Money | null => {
    const found = prices?.items.find((price) => price.id === productId);
    return found ? moneyFromApi(found.price, currency) : null;
  };
  const linePrices = items.map((item) => priceOf(item.productId));
  const total = prices
    ? linePrices.reduce<Money>((sum, price) => (price ? addMoney(sum, price) : sum), { minor: 0, currency })
    : null;
  return { linePrices, total, failure };
}
