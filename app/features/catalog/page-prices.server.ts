import type { AppLoadContext } from "react-router";
import type { PricesResponse } from "../../../contract/catalog";
import { localeFromPath, type Locale } from "../../../common/locales";
import { currencyFromRequest } from "~/lib/currency/request-currency";

/** What every catalog page loader starts with: its language and the price list in the visitor's currency. */
export async function pagePrices(request: Request, context: AppLoadContext): Promise<{ locale: Locale; prices: PricesResponse }> {
  const locale = localeFromPath(new URL(request.url).pathname);
  return { locale, prices: await context.prices(currencyFromRequest(request)) };
}

export function priceOf(prices: PricesResponse, id: string): number | undefined {
  return prices.items.find((item) => item.id === id)?.price;
}
