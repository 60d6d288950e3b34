import { useSyncExternalStore } from "react";
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency, type Currency } from "../../../contract/currency-codes";
import { COOKIES, rememberInBrowser } from "../../../common/cookies";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { clearCart } from "~/lib/cart/cart-store";

export { CURRENCIES };
type Listener = (currency: Currency) => void;
const listeners = new Set<Listener>();

/** The chosen currency (localStorage `currency`), EUR by default. */
export function getCurrency(): Currency {
  if (typeof window === "undefined") return DEFAULT_CURRENCY;
  const stored = window.localStorage.getItem(STORAGE_KEYS.currency);
  return isCurrency(stored) ? stored : DEFAULT_CURRENCY;
}

/** Mirrors the choice in a cookie so the server renders prices in it on the next page load. */
export function writeCurrencyCookie(currency: Currency): void {
  rememberInBrowser(COOKIES.currency, currency);
}

/**
 * CONTRACT §2: stores the currency, mirrors the cookie, empties the cart and tells listeners (prices and the
 * balance reload on it). Choosing the current currency again changes nothing.
 */
export function setCurrency(currency: Currency): void {
  writeCurrencyCookie(currency);
  const changed = currency !== getCurrency();
  window.localStorage.setItem(STORAGE_KEYS.currency, currency);
  if (!changed) return;
  clearCart();
  for (const listener of listeners) listener(currency);
}

/** Called with the new currency after every change in this tab or another one. */
export function subscribeCurrency(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.currency) listener(getCurrency());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The chosen currency, live. `serverCurrency` is what the server rendered with (the cookie), so hydration matches.
 */
export function useCurrency(serverCurrency: Currency = DEFAULT_CURRENCY): Currency {
  return useSyncExternalStore(subscribeCurrency, getCurrency, () => serverCurrency);
}

/**
 * Start-up: the page was rendered in `serverCurrency` (the cookie). A stored choice that differs wins (the cookie
 * is rewritten; returns true: reload the prices); with nothing stored the server's currency is adopted.
 */
export function syncCurrency(serverCurrency: Currency): boolean {
  const stored = window.localStorage.getItem(STORAGE_KEYS.currency);
  if (!isCurrency(stored)) {
    window.localStorage.setItem(STORAGE_KEYS.currency, serverCurrency);
    return false;
  }
  if (stored === serverCurrency) return false;
  writeCurrencyCookie(stored);
  return true;
}
