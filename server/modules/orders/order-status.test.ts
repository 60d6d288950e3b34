import { describe, expect, it } from "vitest";
import { orderStatusOf, progressOf } from "./order-status";

describe("an order's status, derived from its deliverables", () => {
  it("is cancelled only when every deliverable is", () => {
    expect(orderStatusOf(["cancelled", "cancelled"])).toBe("cancelled");
    expect(orderStatusOf(["cancelled", "paid"])).toBe("paid");
  });

  it("is completed when each is completed or cancelled, with at least one completed", () => {
    expect(orderStatusOf(["completed", "cancelled", "completed"])).toBe("completed");
    expect(orderStatusOf(["completed", "delivered"])).toBe("delivered");
  });

  it("while open, shows what someone has to do next: a question first, then a delivery to review", () => {
    expect(orderStatusOf(["in_progress", "needs_info", "delivered"])).toBe("needs_info");
    expect(orderStatusOf(["in_progress", "delivered", "paid"])).toBe("delivered");
    expect(orderStatusOf(["paid", "revision_requested"])).toBe("revision_requested");
    expect(orderStatusOf(["paid", "in_progress", "completed"])).toBe("in_progress");
    expect(orderStatusOf(["paid"])).toBe("paid");
  });

  it("refuses an order without deliverables", () => {
    expect(() => orderStatusOf([])).toThrow(RangeError);
  });

  it("counts progress as people read it: 2 of 4 delivered", () => {
    expect(progressOf(["completed", "delivered", "in_progress", "cancelled"])).toEqual({
      total: 4,
      delivered: 2,
      completed: 1,
      cancelled: 1,
    });
  });
});
