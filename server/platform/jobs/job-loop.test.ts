import { describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { manualTimers } from "../timers";
import { createJobLoop, WAKE_GAP_MS } from "./job-loop";

describe("the job loop's wakes (issue 27: one claim round per order placed cost each order 0.5 ms under a burst)", () => {
  it("answers the first wake at once and the wakes of the next gap together, once, when the gap ends", async () => {
    const clock = manualClock();
    const timers = manualTimers(clock);
    const loop = createJobLoop(
      async () => 0,
      60_000,
      () => {},
      { now: () => clock.now().getTime(), timers },
    );
    let woken = 0;
    const watch = () => void loop.pollOrWake().then(() => woken++);

    watch();
    loop.wake();
    await Promise.resolve();
    expect(woken).toBe(1);

    watch();
    for (let n = 0; n < 20; n++) loop.wake();
    await Promise.resolve();
    expect(woken).toBe(1);
    expect(timers.size).toBe(1);
    clock.advance(WAKE_GAP_MS);
    await timers.fire();
    await Promise.resolve();
    expect(woken).toBe(2);

    // After a quiet gap, a wake is answered at once again.
    clock.advance(WAKE_GAP_MS);
    watch();
    loop.wake();
    await Promise.resolve();
    expect(woken).toBe(3);
  });
});
