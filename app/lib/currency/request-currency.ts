import { DEFAULT_CURRENCY, isCurrency, type Currency } from "../../../contract/currency-codes";
import { COOKIES, readCookie } from "../../../common/cookies";

/** The currency a page is rendered in: the `currency` cookie mirrored by the currency switcher, else EUR. */
export function currencyFromRequest(request: Request): Currency {
  const value = readCookie(request.headers.get("cookie"), COOKIES.currency);
  return isCurrency(value) ? value : DEFAULT_CURRENCY;
}
