import { describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { manualTimers } from "../timers";
import { createRequestPressure } from "./request-pressure";

function pressure() {
  const clock = manualClock();
  const timers = manualTimers(clock);
  const gate = createRequestPressure({ now: () => clock.now().getTime(), timers, windowMs: 100, busyAt: 10, maxWaitMs: 500, pollMs: 20 });
  /** Whether `turn()` has resolved, after the I/O tick it always waits for. */
  const taken = async (turn: Promise<void>) => {
    let done = false;
    void turn.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    return done;
  };
  /** Moves the clock `ms` on in poll-sized steps, `perStep` requests arriving in each, firing the waiting polls. */
  const passWith = async (ms: number, perStep: number) => {
    for (let passed = 0; passed < ms; passed += 20) {
      for (let n = 0; n < perStep; n++) gate.arrived();
      clock.advance(20);
      await timers.fire();
    }
  };
  return { clock, timers, gate, taken, passWith };
}

describe("background rendering and the requests", () => {
  it("takes its turn at once while requests are few", async () => {
    const { gate, taken } = pressure();
    for (let n = 0; n < 9; n++) gate.arrived();
    expect(await taken(gate.turn())).toBe(true);
    expect(await taken(gate.turn())).toBe(true);
  });

  it("waits while requests arrive fast, and goes once they stop", async () => {
    const { gate, taken, passWith } = pressure();
    for (let n = 0; n < 10; n++) gate.arrived();
    expect(await taken(gate.turn())).toBe(true); // the first turn of a burst is not held
    const waiting = gate.turn();
    expect(await taken(waiting)).toBe(false);
    await passWith(200, 5);
    expect(await taken(waiting)).toBe(false);
    // The requests stop: within two windows the turn is taken, long before the longest wait.
    await passWith(200, 0);
    expect(await taken(waiting)).toBe(true);
  });

  it("still takes one turn every maxWaitMs under a steady stream of requests, so the backlog never stops", async () => {
    const { gate, taken, passWith } = pressure();
    for (let n = 0; n < 10; n++) gate.arrived();
    await gate.turn();
    const waiting = gate.turn();
    await passWith(480, 5);
    expect(await taken(waiting)).toBe(false);
    await passWith(40, 5);
    expect(await taken(waiting)).toBe(true);
    const next = gate.turn();
    await passWith(100, 5);
    expect(await taken(next)).toBe(false);
  });
});
