import { useSyncExternalStore } from "react";
import type { Currency } from "../../../contract/currency-codes";
import { getCart } from "~/lib/cart/cart-store";
import { getCurrency, setCurrency } from "./currency-store";

/**
 * Changing the currency empties the cart (CONTRACT §2). Said before it happens and after: a change asked for while
 * the cart holds items waits for the customer's confirmation (`pending`), and once done the cart's emptying is
 * announced (`notice`). Switcher, balance page and cart all ask through `requestCurrency`; one dialog answers.
 */
export interface CurrencyChangeState {
  /** A change waiting for confirmation: to which currency, and how many items it would take out of the cart. */
  pending: { from: Currency; to: Currency; items: number } | null;
  /** The last change emptied this many items from the cart. */
  notice: { currency: Currency; items: number } | null;
}

const IDLE: CurrencyChangeState = { pending: null, notice: null };
let state: CurrencyChangeState = IDLE;
const listeners = new Set<() => void>();

function update(next: CurrencyChangeState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Asks for `to`: done at once when the cart is empty (or the currency is already `to`), else waits for confirmation. */
export function requestCurrency(to: Currency): void {
  const from = getCurrency();
  const items = getCart().length;
  if (to !== from && items > 0) {
    update({ pending: { from, to, items }, notice: null });
    return;
  }
  setCurrency(to);
  if (to !== from) update({ pending: null, notice: null });
}

/** The customer agreed: the currency changes, the cart empties, and the notice says so. */
export function confirmCurrencyChange(): void {
  const { pending } = state;
  if (!pending) return;
  setCurrency(pending.to);
  update({ pending: null, notice: { currency: pending.to, items: pending.items } });
}

export function cancelCurrencyChange(): void {
  update({ ...state, pending: null });
}

export function dismissCurrencyNotice(): void {
  update({ ...state, notice: null });
}

/** The state as it is now (what `useCurrencyChange` renders from). */
export function currentCurrencyChange(): CurrencyChangeState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState = (): CurrencyChangeState => IDLE;

export function useCurrencyChange(): CurrencyChangeState {
  return useSyncExternalStore(subscribe, currentCurrencyChange, serverState);
}
