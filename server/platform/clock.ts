/** Where time comes from. Services take a clock instead of reading the system time, so tests can move it by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test moves it. */
export function manualClock(start: Date | string = "2026-11-22T00:00:00.000Z") {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}
