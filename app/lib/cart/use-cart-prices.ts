import { addMoney, moneyFromApi, type Money } from "../../../contract/money-units";
import type { Currency } from "../../../contract/currency";
import type { CartItem } from "~/lib/cart/cart-store";
import { usePrices } from "./use-prices";

/** Each line's price in `currency` (null until known) and their total (null until the prices came). */
export function useCartPrices(items: readonly CartItem[], currency: Currency) {
  const { prices, failure } = usePrices(currency);
  /** A line's price: its product's and its chosen options' (an option no longer offered adds nothing). */
  const priceOf = (item: CartItem): Money | null => {
    const found = prices?.items.find((price) => price.id === item.productId);
    if (!found) return null;
    const options = found.options.filter((option) => item.options?.includes(option.id));
    return options.reduce((sum, option) => addMoney(sum, moneyFromApi(option.price, currency)), moneyFromApi(found.price, currency));
  };
  const linePrices = items.map(priceOf);
  const total = prices
    ? linePrices.reduce<Money>((sum, price) => (price ? addMoney(sum, price) : sum), { minor: 0, currency })
    : null;
  return { linePrices, total, failure, prices };
}
