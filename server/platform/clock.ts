/** Where time comes from. Services take a clock instead of reading the system time, so tests can move it by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(start: Date | string = "2026-01-05T09:00:00.000Z") {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number): void {
      current += ms;
    },
    set(to: Date | string): void {
      current = new Date(to).getTime();
    },
  };
}

export type ManualClock = ReturnType<typeof manualClock>;

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;
