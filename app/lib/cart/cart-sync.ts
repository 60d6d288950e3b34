import { useEffect } from "react";
import type { CartRequest, CartResponse } from "../../../contract/cart";
import { api } from "~/lib/api/client";
import { tokens } from "~/lib/api/tokens";
import { readBriefDrafts, subscribeBriefDrafts, writeBriefDrafts } from "~/lib/briefs/brief-drafts";
import { getCurrency, subscribeCurrency } from "~/lib/currency/currency-store";
import { getCart, replaceCart, subscribeCart } from "./cart-store";

/** Typing a brief sends the cart once the customer pauses, not on every key. */
const PUSH_DELAY_MS = 800;

/**
 * The browser's cart as the account stores it: the contract's `cart` lines with their drafts from `orders`.
 * The browser keeps its own copy under those keys (CONTRACT §2); the account's copy follows every change.
 */
export function browserCart(): CartRequest {
  const drafts = readBriefDrafts();
  return {
    currency: getCurrency(),
    items: getCart().map((item) => (drafts[item.id] ? { ...item, brief: drafts[item.id] } : { ...item })),
  };
}

let adopting = false;

/** The account's answer becomes the browser's cart: lines under `cart`, drafts under `orders`. */
export function adoptCart(answer: CartResponse): void {
  adopting = true;
  try {
    replaceCart(answer.items);
    const drafts = Object.fromEntries(answer.items.flatMap((item) => (item.brief ? [[item.id, item.brief]] : [])));
    writeBriefDrafts(drafts, answer.items.map((item) => item.id));
  } finally {
    adopting = false;
  }
}

/**
 * Right after signing in or up: the browser's cart and the account's become one on the server (union, no duplicate
 * lines, briefs kept: docs/decisions/0027-cart-merge.md) and the browser takes the result. A failure leaves the
 * browser's cart as it was; signing in never fails because of the cart. Runs with the new access token before it
 * is stored, so the pages the sign-in leads to (the cart) open on the merged cart.
 */
export async function mergeCartAtSignIn(accessToken: string): Promise<void> {
  try {
    const headers = { authorization: `Bearer ${accessToken}` };
    adoptCart(await api<CartResponse>("/api/cart/merge", { method: "POST", body: browserCart(), auth: false, headers }));
  } catch {
    // The browser's copy stays; the next change sends it.
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;

function schedulePush(): void {
  if (adopting || !tokens.access()) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (!tokens.access()) return;
    void api<CartResponse>("/api/cart", { method: "PUT", body: browserCart() }).catch(() => undefined);
  }, PUSH_DELAY_MS);
}

/** Mounted once per page: while signed in, every change of the cart, its briefs or the currency goes to the account. */
export function useCartSync(): void {
  useEffect(() => {
    const stops = [subscribeCart(schedulePush), subscribeBriefDrafts(schedulePush), subscribeCurrency(schedulePush)];
    return () => {
      for (const stop of stops) stop();
      clearTimeout(timer);
    };
  }, []);
}
