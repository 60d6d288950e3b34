/** A gross amount split into the net price and the VAT it includes, all in integer minor units. */
export interface VatSplit {
  net: number;
  vat: number;
  gross: number;
}

/**
 * Prices include VAT, so the VAT is taken out of the gross: net = gross × 10000 / (10000 + rate), rounded half up
 * to the minor unit, and VAT = gross − net, so net + VAT always equals what was paid. `rateBasisPoints`: 21 % = 2100.
 * Works on the document's total (not per line), so the lines never add up to a different VAT than the total shows.
 */
export function splitGross(gross: number, rateBasisPoints: number): VatSplit {
  if (!Number.isSafeInteger(gross) || !Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new Error(`splitGross takes integer minor units and basis points, got ${gross} and ${rateBasisPoints}`);
  }
  const divisor = 10_000 + rateBasisPoints;
  const sign = gross < 0 ? -1 : 1;
  const magnitude = Math.abs(gross);
  // Half up on the magnitude, in integers: floor((2·g·10000 + divisor) / (2·divisor)).
  const net = sign * Math.floor((2 * magnitude * 10_000 + divisor) / (2 * divisor));
  return { net, vat: gross - net, gross };
}
