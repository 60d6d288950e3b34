import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "~/lib/cart/cart-store";
import { cancelCurrencyChange, confirmCurrencyChange, currentCurrencyChange as state, dismissCurrencyNotice, requestCurrency } from "./currency-change";
import { getCurrency } from "./currency-store";

let stored: Map<string, string>;

beforeEach(() => {
  stored = new Map();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  vi.stubGlobal("window", { localStorage: storage, addEventListener: () => {}, removeEventListener: () => {} });
  vi.stubGlobal("document", { set cookie(_value: string) {} });
});

afterEach(() => {
  cancelCurrencyChange();
  dismissCurrencyNotice();
  vi.unstubAllGlobals();
});


describe("a currency change with items in the cart", () => {
  it("switches at once when the cart is empty", () => {
    requestCurrency("USD");
    expect(getCurrency()).toBe("USD");
    expect(state()).toEqual({ pending: null, notice: null });
  });

  it("waits for confirmation naming the items, keeps everything when cancelled", () => {
    addToCart("seo-layer");
    addToCart("article-forge");
    requestCurrency("GBP");
    expect(state()).toEqual({ pending: { from: "EUR", to: "GBP", items: 2 }, notice: null });
    expect(getCurrency()).toBe("EUR");
    cancelCurrencyChange();
    expect(state()).toEqual({ pending: null, notice: null });
    expect(getCart()).toHaveLength(2);
  });

  it("empties the cart once confirmed and says how many items went", () => {
    addToCart("seo-layer");
    requestCurrency("USD");
    confirmCurrencyChange();
    expect(getCurrency()).toBe("USD");
    expect(getCart()).toEqual([]);
    expect(state()).toEqual({ pending: null, notice: { currency: "USD", items: 1 } });
  });
});
