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
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (bundlePrice * weight) / totalWeight);
  const shares = exact.map(Math.floor);
  let left = bundlePrice - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
