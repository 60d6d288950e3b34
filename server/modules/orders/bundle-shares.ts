import { shareOut } from "../../platform/share-out";

/**
 * A bundle's price split over the services it contains, in proportion to their list prices (LIFECYCLE.md): each share
 * is rounded down to a minor unit, and the units left over go one each to the largest remainders (earlier services
 * first on a tie), so the shares always add up to the bundle price exactly. With no list prices the split is even.
 */
export function bundleShares(bundlePrice: number, listPrices: readonly number[]): number[] {
  if (!Number.isSafeInteger(bundlePrice) || bundlePrice < 0)
    throw new RangeError(`bundle price ${bundlePrice} is not whole minor units`);
  if (listPrices.length === 0) return [];
  const weights = listPrices.reduce((sum, price) => sum + price, 0) > 0 ? listPrices : listPrices.map(() => 1);
  return shareOut(bundlePrice, weights);
}
