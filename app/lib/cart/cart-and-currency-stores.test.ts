import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, clearCart, getCart, removeFromCart, setLineWriter, subscribeCart } from "./cart-store";
import { getCurrency, setCurrency } from "~/lib/currency/currency-store";

let stored: Map<string, string>;
let cookies: string[];

beforeEach(() => {
  stored = new Map();
  cookies = [];
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  vi.stubGlobal("window", { localStorage: storage, addEventListener: () => {}, removeEventListener: () => {} });
  vi.stubGlobal("document", {
    set cookie(value: string) {
      cookies.push(value);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cart store", () => {
  it("keeps lines with their own ids under `cart`, in order, and tells listeners", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCart(listener);
    const first = addToCart("seo-layer");
    addToCart("seo-layer");
    addToCart("launch-essentials-kit");
    expect(getCart().map((item) => item.productId)).toEqual(["seo-layer", "seo-layer", "launch-essentials-kit"]);
    expect(JSON.parse(stored.get("cart")!)).toHaveLength(3);
    removeFromCart(first.id);
    expect(getCart().map((item) => item.productId)).toEqual(["seo-layer", "launch-essentials-kit"]);
    clearCart();
    expect(getCart()).toEqual([]);
    expect(stored.has("cart")).toBe(false);
    expect(listener).toHaveBeenCalledTimes(5);
    unsubscribe();
  });

  it("keeps the favourite writer asked for on a line in the stored `cart` entry, until it is cleared", () => {
    const line = addToCart("article-forge", ["rush"]);
    const other = addToCart("seo-layer");
    const writerId = "0b5a3c1e-7d2f-4a8b-9c6d-1e2f3a4b5c6d";
    setLineWriter(line.id, writerId);
    expect(JSON.parse(stored.get("cart")!)).toEqual([
      { id: line.id, productId: "article-forge", options: ["rush"], writerId },
      { id: other.id, productId: "seo-layer" },
    ]);
    setLineWriter(line.id, undefined);
    expect(getCart()[0]).toEqual({ id: line.id, productId: "article-forge", options: ["rush"] });
    // Only an id is kept from what was stored.
    stored.set("cart", JSON.stringify([{ id: "a", productId: "seo-layer", writerId: "<script>" }]));
    expect(getCart()).toEqual([{ id: "a", productId: "seo-layer" }]);
  });

  it("drops what it cannot read instead of failing", () => {
    stored.set("cart", '[{"id":"a","productId":"seo-layer"},{"id":"b","productId":"nope"},42]');
    expect(getCart()).toEqual([{ id: "a", productId: "seo-layer" }]);
    stored.set("cart", "{not json");
    expect(getCart()).toEqual([]);
  });
});

describe("currency store", () => {
  it("defaults to EUR; a change is stored, mirrored in a year-long cookie and empties the cart", () => {
    expect(getCurrency()).toBe("EUR");
    addToCart("article-forge");
    setCurrency("GBP");
    expect(getCurrency()).toBe("GBP");
    expect(cookies.at(-1)).toBe("currency=GBP; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(getCart()).toEqual([]);
    addToCart("article-forge");
    setCurrency("GBP");
    expect(getCart()).toHaveLength(1);
  });
});
