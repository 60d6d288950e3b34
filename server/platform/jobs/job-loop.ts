import { systemTimers, type Timers } from "../timers";

/** The runner's own loop: runs what is due, then naps until the poll interval passes or something wakes it. */
export interface JobLoop {
  /** Resolves when the poll interval passed or `wake()` was called (runDue waits here while slow jobs run). */
  pollOrWake(): Promise<void>;
  /** Something was scheduled: look now rather than at the next poll. */
  wake(): void;
  start(): void;
  /** Finishes the round in hand, then stops. */
  stop(): Promise<void>;
  /** True while the started loop runs a round (runDue called from elsewhere meanwhile would see it too). */
  readonly inRound: boolean;
}

/**
 * Wakes closer together than this are answered by one claim round at the end of the gap. Placing an order wakes the
 * runner; a claim round reads the due jobs' kinds, which costs in proportion to the backlog (0.56 ms at 2,500 queued
 * renders), so under a burst, with the renders waiting for their turn, one round per order was 0.5–0.7 ms of each
 * order's CPU on the event loop (issue 27).
 */
export const WAKE_GAP_MS = 50;

/** The gap's own time (tests: a manual clock's milliseconds and timers). */
export interface WakeGapTime {
  now(): number;
  timers: Timers;
}

export function createJobLoop(
  runDue: () => Promise<number>,
  pollMs: number,
  logError: (error: unknown, message: string) => void,
  gapTime: WakeGapTime = { now: () => performance.now(), timers: systemTimers },
): JobLoop {
  let stopped = true;
  let loop: Promise<void> | null = null;
  let again = false;
  let inRound = false;
  let wakeNap: (() => void) | null = null;
  let lastWake = Number.NEGATIVE_INFINITY;
  let deferredWake: (() => void) | null = null;
  /** runDue calls waiting for a job to end, woken early by `wake()` or the poll interval to claim what became due. */
  const waiting = new Set<() => void>();

  function nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeNap = null;
        resolve();
      }
      wakeNap = done;
    });
  }

  return {
    get inRound() {
      return inRound;
    },

    pollOrWake() {
      return new Promise((resolve) => {
        const timer = setTimeout(done, pollMs);
        timer.unref();
        function done() {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        }
        waiting.add(done);
      });
    },

    wake() {
      const wakeNow = () => {
        lastWake = gapTime.now();
        again = true;
        wakeNap?.();
        for (const waiter of waiting) waiter();
      };
      const since = gapTime.now() - lastWake;
      if (since >= WAKE_GAP_MS) return wakeNow();
      if (deferredWake) return;
      deferredWake = gapTime.timers.after(WAKE_GAP_MS - since, () => {
        deferredWake = null;
        wakeNow();
      });
    },

    start() {
      if (!stopped) return;
      stopped = false;
      loop = (async () => {
        while (!stopped) {
          again = false;
          inRound = true;
          try {
            await runDue();
          } catch (error) {
            logError(error, "job runner");
          } finally {
            inRound = false;
          }
          if (!again && !stopped) await nap(pollMs);
        }
      })();
    },

    async stop() {
      stopped = true;
      deferredWake?.();
      deferredWake = null;
      wakeNap?.();
      await loop;
      loop = null;
    },
  };
}
