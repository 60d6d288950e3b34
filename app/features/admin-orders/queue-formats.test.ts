import { describe, expect, it } from "vitest";
import { dayMonthYearToIso, isoToDayMonthYear } from "~/components/ui/date-text";
import { axisNumber } from "./chart-numbers";
import { pageNumbers } from "./queue-pages";
import { sortOf } from "./queue-sort";

// Issue 26, points 6 and 15: what the queue and the dashboard show, as the page's language writes it.
describe("the back office's dates, numbers, sort and pages", () => {
  it("types dates as day/month/year whatever the browser's language, and sends them as ISO", () => {
    expect(isoToDayMonthYear("2026-11-28")).toBe("28/11/2026");
    expect(dayMonthYearToIso("28/11/2026")).toBe("2026-11-28");
    expect(dayMonthYearToIso("1.2.2026")).toBe("2026-02-01");
    expect(dayMonthYearToIso("2026-02-01")).toBe("2026-02-01");
    // mm/dd/yyyy is not a day in the page's format: 11/28/2026 has no 28th month.
    expect(dayMonthYearToIso("11/28/2026")).toBeNull();
    expect(dayMonthYearToIso("31/02/2026")).toBeNull();
  });

  it("groups a chart's axis numbers the page's way: 24,000 in English, 24.000 in Spanish", () => {
    expect(axisNumber("en")(24_000)).toBe("24,000");
    expect(axisNumber("es")(24_000)).toBe("24.000");
    expect(axisNumber("es")(2_400)).toBe("2.400");
  });

  it("reads the sort from the URL and numbers the pages around the current one", () => {
    expect(sortOf(new URLSearchParams("sort=customer&dir=desc"))).toEqual({ sort: "customer", dir: "desc" });
    expect(sortOf(new URLSearchParams("sort=-due"))).toEqual({ sort: "due", dir: "desc" });
    expect(sortOf(new URLSearchParams(""))).toEqual({ sort: "due", dir: "asc" });
    expect(pageNumbers(1, true)).toEqual([1, 2]);
    expect(pageNumbers(7, false)).toEqual([1, "gap", 5, 6, 7]);
    expect(pageNumbers(3, true)).toEqual([1, 2, 3, 4]);
  });
});
