import { describe, expect, it } from "vitest";
import { bundleShares } from "./bundle-shares";

describe("a bundle's price split over its services", () => {
  it("follows the list prices and adds up to the bundle price exactly", () => {
    // 399.00 for services listed at 149, 249 and 199: 99.58…, 166.41…, 133.00 → the spare cent to 166.41….
    const shares = bundleShares(39900, [14900, 24900, 19900]);
    expect(shares).toEqual([9958, 16642, 13300]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(39900);
  });

  it("gives leftover cents to the largest remainders, earlier services first on a tie", () => {
    expect(bundleShares(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(bundleShares(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it("splits evenly when the services have no list price, and handles a free bundle", () => {
    expect(bundleShares(1000, [0, 0])).toEqual([500, 500]);
    expect(bundleShares(0, [500, 700])).toEqual([0, 0]);
  });

  it("adds up exactly for many random splits", () => {
    for (let round = 0; round < 500; round++) {
      const prices = Array.from({ length: 1 + (round % 6) }, (_, i) => ((round * 7919 + i * 104729) % 90000) + 1);
      const total = (round * 15485863) % 1_000_000;
      const shares = bundleShares(total, prices);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every((share) => Number.isSafeInteger(share) && share >= 0)).toBe(true);
    }
  });

  it("refuses a price that is not whole minor units", () => {
    expect(() => bundleShares(10.5, [1])).toThrow(RangeError);
  });
});
