import { failureName, isConnectionFailure } from "./unavailable";

export interface RetryOptions {
  /** One line per failed try: what failed and when the next try is. */
  log: (line: string) => void;
  /** Stops the waiting (the store is closing): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Wait before the first retry; each further one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/**
 * Runs `work` until it succeeds, trying again with backoff (0.5 s, doubling, at most 5 s) while it fails because a
 * backing service cannot be reached (the database is down or restarting). Any other error ends it at once.
 */
export async function retryWhileUnavailable<T>(what: string, work: () => Promise<T>, options: RetryOptions): Promise<T> {
  const maxDelayMs = options.maxDelayMs ?? 5_000;
  let delay = options.firstDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await work();
    } catch (error) {
      if (!isConnectionFailure(error) || options.signal?.aborted) throw error;
      options.log(`${what}: a dependency is not available (${failureName(error)}); try ${attempt + 1} in ${Math.round(delay / 100) / 10} s`);
      await pause(delay, options.signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
