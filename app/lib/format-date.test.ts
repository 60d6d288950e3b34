import { describe, expect, it } from "vitest";
import { formatDateTimeIn } from "../../common/format-date";
import { formatDateTime } from "./format-date";

const AT = "2026-11-25T11:48:28.000Z";

describe("the one date style", () => {
  it("is day, short month, year and 24-hour time in each language, in the reader's zone", () => {
    expect(formatDateTimeIn(AT, "en", "UTC")).toBe("25 Nov 2026, 11:48");
    expect(formatDateTimeIn(AT, "es", "UTC")).toBe("25 nov 2026, 11:48");
    expect(formatDateTimeIn(AT, "en", "Asia/Tokyo")).toBe("25 Nov 2026, 20:48");
    expect(formatDateTimeIn(AT, "es", "America/New_York")).toBe("25 nov 2026, 6:48");
  });

  it("renders a stable form on the server, in UTC and saying so, whatever the server's own zone", () => {
    // No window: server rendering (and the same text is what the hydrating browser renders first).
    expect(formatDateTime(AT, "en")).toBe("25 Nov 2026, 11:48 UTC");
    expect(formatDateTime(AT, "es")).toBe("25 nov 2026, 11:48 UTC");
  });
});
