import { systemTimers, type Timers } from "../timers";

/**
 * Whether requests are arriving fast, so that background rendering (mail, PDFs: ~20 ms of CPU each, in the same
 * process) waits for a quieter moment instead of taking the CPU the requests need (issue 27). The hooks tell it of
 * every request; a job kind registered with `yieldsToRequests` asks for its turn before each job.
 */
export interface RequestPressure {
  /** A request arrived (the server's onRequest hook). */
  arrived(): void;
  /**
   * Resolves when background work may take its turn: always after the I/O already waiting (a new request is read
   * first), then at once when requests are few, or while they keep coming once `maxWaitMs` has passed since the last
   * turn, so a steady stream of requests slows the backlog down but never stops it.
   */
  turn(): Promise<void>;
}

export interface RequestPressureOptions {
  /** Milliseconds on a monotonic clock (tests: a manual clock's). */
  now?: () => number;
  timers?: Timers;
  /** Requests are counted per window; the current and the previous window together are "recent". */
  windowMs?: number;
  /** Recent requests from which the server counts as busy (10 in 100–200 ms: some 50–100 requests a second). */
  busyAt?: number;
  /** The longest a turn waits after the previous one while the server stays busy. */
  maxWaitMs?: number;
  /** How often a waiting turn looks again. */
  pollMs?: number;
}

export function createRequestPressure(options: RequestPressureOptions = {}): RequestPressure {
  const now = options.now ?? (() => performance.now());
  const timers = options.timers ?? systemTimers;
  const windowMs = options.windowMs ?? 100;
  const busyAt = options.busyAt ?? 10;
  const maxWaitMs = options.maxWaitMs ?? 500;
  const pollMs = options.pollMs ?? 20;
  let windowStart = now();
  let current = 0;
  let previous = 0;
  let lastTurn = Number.NEGATIVE_INFINITY;

  /** Moves the windows on to `at`: a window that ended becomes the previous one; one that ended long ago counts nothing. */
  const roll = (at: number) => {
    const elapsed = at - windowStart;
    if (elapsed < windowMs) return;
    previous = elapsed < 2 * windowMs ? current : 0;
    current = 0;
    windowStart = at - (elapsed % windowMs);
  };
  const busy = (at: number) => {
    roll(at);
    return current + previous >= busyAt;
  };

  return {
    arrived() {
      roll(now());
      current++;
    },
    async turn() {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (;;) {
        const at = now();
        if (!busy(at) || at - lastTurn >= maxWaitMs) {
          lastTurn = at;
          return;
        }
        await new Promise<void>((resolve) => timers.after(pollMs, resolve));
      }
    },
  };
}
