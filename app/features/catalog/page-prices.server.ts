import type { RouterContextProvider } from "react-router";
import type { PricesResponse } from "../../../contract/catalog";
import { localeFromPath, type Locale } from "../../../common/locales";
import { currencyFromRequest } from "~/lib/currency/request-currency";
import { pageContext } from "~/page-context";

/**
 * What every catalog page loader starts with: its language and the price list in the visitor's currency. `url` is the
 * loader's own (without React Router's `.data` suffix): the request's URL is the raw one.
 */
export async function pagePrices(
  request: Request,
  url: URL,
  context: Readonly<RouterContextProvider>,
): Promise<{ locale: Locale; prices: PricesResponse }> {
  const locale = localeFromPath(url.pathname);
  return { locale, prices: await context.get(pageContext).prices(currencyFromRequest(request)) };
}

/** The product's line of the price list (its price and options), or undefined when it is not sold. */
export function itemOf(prices: PricesResponse, id: string): PricesResponse["items"][number] | undefined {
  return prices.items.find((item) => item.id === id);
}

export function priceOf(prices: PricesResponse, id: string): number | undefined {
  return itemOf(prices, id)?.price;
}
