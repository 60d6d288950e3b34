import type { DeliverableStatus } from "../../../contract/deliverables";
import type { Deliverable } from "../../../contract/order-lifecycle";

/** The steps a customer sees a piece of work go through (LIFECYCLE.md); a question and a revision happen inside them. */
export const TRACKER_STEPS = ["paid", "in_progress", "delivered", "completed"] as const;
export type TrackerStep = (typeof TRACKER_STEPS)[number];
export type StepState = "done" | "current" | "upcoming" | "skipped";

/** What the tracker says beside its steps. */
export type TrackerNote =
  | { kind: "paused" }
  | { kind: "revision"; round: number; rounds: number; dueAt: string }
  | { kind: "cancelled"; refunded: number };

export interface Tracker {
  steps: { step: TrackerStep; state: StepState }[];
  note: TrackerNote | null;
}

type TrackedDeliverable = Pick<
  Deliverable,
  "status" | "events" | "dueAt" | "revisionRounds" | "revisionsUsed" | "refunded"
>;

/** The state the deliverable left when it last moved to `to`, from its events (null when none says). */
function leftFor(deliverable: TrackedDeliverable, to: DeliverableStatus): DeliverableStatus | null {
  return deliverable.events.findLast((event) => event.kind === "status" && event.to === to)?.from ?? null;
}

/** Which step a state stands on: a question pauses the step it was asked in, a revision is work in progress again. */
function stepIndex(status: DeliverableStatus, pausedIn: DeliverableStatus | null): number {
  if (status === "needs_info") return pausedIn === "paid" ? 0 : 1;
  if (status === "revision_requested") return 1;
  if (status === "cancelled") return 0;
  return TRACKER_STEPS.indexOf(status);
}

function noteOf(deliverable: TrackedDeliverable): TrackerNote | null {
  if (deliverable.status === "needs_info") return { kind: "paused" };
  if (deliverable.status === "cancelled") return { kind: "cancelled", refunded: deliverable.refunded };
  if (deliverable.status === "revision_requested") {
    return {
      kind: "revision",
      round: deliverable.revisionsUsed,
      rounds: deliverable.revisionRounds,
      dueAt: deliverable.dueAt,
    };
  }
  return null;
}

/**
 * paid → in progress → delivered → completed for one deliverable: the steps behind it done, its own current (all done
 * once completed); a cancelled one keeps the steps it reached and skips the rest.
 */
export function trackerOf(deliverable: TrackedDeliverable): Tracker {
  const pausedIn = leftFor(deliverable, "needs_info");
  const cancelled = deliverable.status === "cancelled";
  const at = cancelled
    ? stepIndex(leftFor(deliverable, "cancelled") ?? "paid", pausedIn)
    : stepIndex(deliverable.status, pausedIn);
  const stateAt = (index: number): StepState => {
    if (index < at || (index === at && (cancelled || deliverable.status === "completed"))) return "done";
    if (index === at) return "current";
    return cancelled ? "skipped" : "upcoming";
  };
  return { steps: TRACKER_STEPS.map((step, index) => ({ step, state: stateAt(index) })), note: noteOf(deliverable) };
}
