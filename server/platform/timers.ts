import type { Clock } from "./clock";

/**
 * Waits the platform schedules in real time (a job claim's renewal, a job handler's timeout). Code takes them
 * instead of calling setTimeout, so a test moves them with its manual clock and never sleeps.
 */
export interface Timers {
  /** Calls `fn` once after `ms` (it may return a promise); the returned function cancels it. */
  after(ms: number, fn: () => unknown): () => void;
}

/** Node's timers, unref'd: a pending one never keeps a stopping process alive. */
export const systemTimers: Timers = {
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * `work`, failed with `message` once `ms` is up; the work is told through its signal (it cannot be stopped from
 * outside, so whatever it does later is ignored).
 */
export async function withTimeout<T>(timers: Timers, ms: number, message: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let cancel = () => {};
  const timedOut = new Promise<never>((_resolve, reject) => {
    cancel = timers.after(ms, () => {
      controller.abort();
      reject(new Error(message));
    });
  });
  const working = work(controller.signal);
  working.catch(() => undefined);
  try {
    return await Promise.race([working, timedOut]);
  } finally {
    cancel();
  }
}

/** Timers for tests on a manual clock: nothing fires by itself; `fire()` runs those whose time the clock has reached. */
export function manualTimers(clock: Clock) {
  let pending: Array<{ at: number; fn: () => unknown }> = [];
  return {
    after(ms: number, fn: () => unknown): () => void {
      const entry = { at: clock.now().getTime() + ms, fn };
      pending.push(entry);
      return () => {
        pending = pending.filter((other) => other !== entry);
      };
    },
    /** Runs every timer that is due by the clock (and any it sets that are due too), waiting for what they return; how many ran. */
    async fire(): Promise<number> {
      let count = 0;
      for (;;) {
        const now = clock.now().getTime();
        const due = pending.filter((entry) => entry.at <= now).sort((a, b) => a.at - b.at);
        if (due.length === 0) return count;
        pending = pending.filter((entry) => !due.includes(entry));
        count += due.length;
        for (const entry of due) await entry.fn();
      }
    },
    /** Timers waiting. */
    get size(): number {
      return pending.length;
    },
  };
}

export type ManualTimers = ReturnType<typeof manualTimers>;
