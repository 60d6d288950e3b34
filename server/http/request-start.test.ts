import { describe, expect, it } from "vitest";
import { requestStartMs, waitedPastBudget } from "./request-start";

describe("X-Request-Start (the proxy's arrival stamp)", () => {
  it("reads nginx's t=<msec> stamp and a bare number of seconds as milliseconds since the epoch", () => {
    expect(requestStartMs("t=1764080000.123")).toBe(1_764_080_000_123);
    expect(requestStartMs("1764080000.5")).toBe(1_764_080_000_500);
    expect(requestStartMs("t=1764080000")).toBe(1_764_080_000_000);
    expect(requestStartMs(["t=1764080000.250", "t=1"])).toBe(1_764_080_000_250);
  });

  it("ignores an absent or malformed stamp, and one in other units (micro- or milliseconds)", () => {
    for (const header of [
      undefined,
      "",
      "t=",
      "t=abc",
      "t=-1764080000",
      "1764080000123",
      "t=1764080000123456",
      "t=1764080000.1234567",
    ]) {
      expect(requestStartMs(header)).toBeUndefined();
    }
  });

  it("has waited past the budget only when the stamp is known and the budget is on", () => {
    const start = 1_764_080_000_000;
    expect(waitedPastBudget(start, start + 1001, 1000)).toBe(true);
    expect(waitedPastBudget(start, start + 1000, 1000)).toBe(false);
    expect(waitedPastBudget(start, start - 50, 1000)).toBe(false);
    expect(waitedPastBudget(undefined, start + 60_000, 1000)).toBe(false);
    expect(waitedPastBudget(start, start + 60_000, 0)).toBe(false);
  });
});
