import { describe, expect, it } from "vitest";
import { amountProblem, minorFromInput, remainingShareMinor } from "./amount-check";

describe("a refund or credit amount typed in the back office", () => {
  it("reads major units with a point or a comma as minor units", () => {
    expect(minorFromInput("12.5")).toBe(1250);
    expect(minorFromInput(" 12,50 ")).toBe(1250);
    expect(minorFromInput("0")).toBe(0);
    expect(minorFromInput("1.005")).toBeNull();
    expect(minorFromInput("-3")).toBeNull();
    expect(minorFromInput("")).toBeNull();
    expect(minorFromInput("ten")).toBeNull();
  });

  it("may be anything from 0 up to the remaining share for a refund, and must be above 0 for a credit", () => {
    expect(amountProblem("40", 4000, { positive: false })).toBeNull();
    expect(amountProblem("0", 4000, { positive: false })).toBeNull();
    expect(amountProblem("40.01", 4000, { positive: false })).toBe("overLimit");
    expect(amountProblem("0", 4000, { positive: true })).toBe("zero");
    expect(amountProblem("abc", 4000, { positive: true })).toBe("invalid");
  });

  it("is limited to the deliverable's share less what already went back", () => {
    expect(remainingShareMinor({ price: 66.67, refunded: 10, credited: 5.5 })).toBe(5117);
    expect(remainingShareMinor({ price: 20, refunded: 20, credited: 0 })).toBe(0);
  });
});
