/**
 * A counting semaphore: renders take turns so each one finishes quickly and its objects die young, instead of every
 * open connection holding a half-built page while the others run (docs/decisions/0039-ssr-memory.md).
 */
export function createRenderGate(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function gated<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
