import { DEFAULT_CURRENCY, isCurrency, type Currency } from "../../../contract/currency-codes";
import { STORAGE_KEYS } from "../../lib/storage-keys";
import { readCookie } from "../layout/request-cookies";

/** The currency a page is rendered in: the `currency` cookie mirrored by the currency switcher, else EUR. */
export function currencyFromRequest(request: Request): Currency {
  const value = readCookie(request.headers.get("cookie"), STORAGE_KEYS.currency);
  return isCurrency(value) ? value : DEFAULT_CURRENCY;
}
