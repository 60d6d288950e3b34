import { describe, expect, it } from "vitest";
import { trackerOf } from "./deliverable-tracker";
import { deliverable, statusEvent } from "./order-fixtures";

/** The steps as "step:state" words, the way the tracker lists them. */
const steps = (fields: Parameters<typeof deliverable>[0]) =>
  trackerOf(deliverable(fields)).steps.map(({ step, state }) => `${step}:${state}`);

describe("a deliverable's tracker", () => {
  it("stands on the step of its status, the ones before done and the ones after to come", () => {
    expect(steps({ status: "paid" })).toEqual([
      "paid:current",
      "in_progress:upcoming",
      "delivered:upcoming",
      "completed:upcoming",
    ]);
    expect(steps({ status: "in_progress" })).toEqual([
      "paid:done",
      "in_progress:current",
      "delivered:upcoming",
      "completed:upcoming",
    ]);
    expect(steps({ status: "delivered" })).toEqual([
      "paid:done",
      "in_progress:done",
      "delivered:current",
      "completed:upcoming",
    ]);
    expect(steps({ status: "completed" })).toEqual([
      "paid:done",
      "in_progress:done",
      "delivered:done",
      "completed:done",
    ]);
  });

  it("is paused on the step a question was asked in", () => {
    const fromWork = deliverable({
      status: "needs_info",
      events: [statusEvent(1, "paid", "in_progress"), statusEvent(1, "in_progress", "needs_info")],
    });
    expect(trackerOf(fromWork)).toEqual({
      steps: [
        { step: "paid", state: "done" },
        { step: "in_progress", state: "current" },
        { step: "delivered", state: "upcoming" },
        { step: "completed", state: "upcoming" },
      ],
      note: { kind: "paused" },
    });
    expect(steps({ status: "needs_info", events: [statusEvent(1, "paid", "needs_info")] })[0]).toBe("paid:current");
  });

  it("shows a revision as work in progress again, with its round and new due date", () => {
    const revising = deliverable({
      status: "revision_requested",
      revisionsUsed: 1,
      revisionRounds: 2,
      dueAt: "2026-12-02T17:00:00Z",
    });
    expect(trackerOf(revising).steps[1]).toEqual({ step: "in_progress", state: "current" });
    expect(trackerOf(revising).note).toEqual({ kind: "revision", round: 1, rounds: 2, dueAt: "2026-12-02T17:00:00Z" });
  });

  it("keeps the steps a cancelled deliverable reached, skips the rest and says what came back", () => {
    const late = deliverable({
      status: "cancelled",
      refunded: 120,
      events: [statusEvent(1, "paid", "in_progress"), statusEvent(1, "in_progress", "cancelled")],
    });
    expect(trackerOf(late)).toEqual({
      steps: [
        { step: "paid", state: "done" },
        { step: "in_progress", state: "done" },
        { step: "delivered", state: "skipped" },
        { step: "completed", state: "skipped" },
      ],
      note: { kind: "cancelled", refunded: 120 },
    });
    expect(steps({ status: "cancelled", events: [statusEvent(1, "paid", "cancelled")] })).toEqual([
      "paid:done",
      "in_progress:skipped",
      "delivered:skipped",
      "completed:skipped",
    ]);
    expect(steps({ status: "cancelled" })[0]).toBe("paid:done");
  });

  it("has no note while the work simply goes on", () => {
    for (const status of ["paid", "in_progress", "delivered", "completed"] as const)
      expect(trackerOf(deliverable({ status })).note).toBeNull();
  });
});
