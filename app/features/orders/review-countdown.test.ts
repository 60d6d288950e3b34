import { describe, expect, it } from "vitest";
import { timeLeft } from "./review-countdown";

const now = new Date("2026-11-25T12:00:00Z");

describe("the review window's time left", () => {
  it("counts whole days while a day or more is left", () => {
    expect(timeLeft("2026-12-02T12:00:00Z", now)).toEqual({ unit: "days", count: 7 });
    expect(timeLeft("2026-11-26T13:00:00Z", now)).toEqual({ unit: "days", count: 1 });
  });

  it("counts hours on the last day, at least one", () => {
    expect(timeLeft("2026-11-26T11:59:00Z", now)).toEqual({ unit: "hours", count: 23 });
    expect(timeLeft("2026-11-25T12:10:00Z", now)).toEqual({ unit: "hours", count: 1 });
  });

  it("is ending once the end is reached", () => {
    expect(timeLeft("2026-11-25T12:00:00Z", now)).toEqual({ unit: "ending" });
    expect(timeLeft("2026-11-24T12:00:00Z", now)).toEqual({ unit: "ending" });
  });
});
