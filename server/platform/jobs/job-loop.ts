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

export function createJobLoop(
  runDue: () => Promise<number>,
  pollMs: number,
  logError: (error: unknown, message: string) => void,
): JobLoop {
  let stopped = true;
  let loop: Promise<void> | null = null;
  let again = false;
  let inRound = false;
  let wakeNap: (() => void) | null = null;
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
      again = true;
      wakeNap?.();
      for (const waiter of waiting) waiter();
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
      wakeNap?.();
      await loop;
      loop = null;
    },
  };
}
