import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitGross } from "./vat";

describe("VAT taken out of a gross price", () => {
  it("rounds the net half up to the cent and gives the rest to VAT", () => {
    expect(splitGross(14_900, 2100)).toEqual({ net: 12_314, vat: 2_586, gross: 14_900 }); // 123.140… → 123.14
    expect(splitGross(121, 2100)).toEqual({ net: 100, vat: 21, gross: 121 });
    expect(splitGross(1, 2100)).toEqual({ net: 1, vat: 0, gross: 1 }); // 0.826… → 1
    expect(splitGross(105, 1000)).toEqual({ net: 95, vat: 10, gross: 105 }); // 95.45… → 95
    expect(splitGross(5_000, 0)).toEqual({ net: 5_000, vat: 0, gross: 5_000 });
    expect(splitGross(-14_900, 2100)).toEqual({ net: -12_314, vat: -2_586, gross: -14_900 });
  });

  it("always adds up to the gross, with the net within half a cent of the exact value", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, rate) => {
        const { net, vat } = splitGross(gross, rate);
        expect(net + vat).toBe(gross);
        expect(Math.abs(net - (gross * 10_000) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it("refuses amounts that are not integer minor units", () => {
    expect(() => splitGross(1.5, 2100)).toThrow(/integer minor units/);
  });
});
