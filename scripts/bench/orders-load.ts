/** A small closed-loop load generator: `connections` clients each send one request after another until the time is up. */
export interface LoadResult {
  requests: number;
  failures: number;
  bytes: number;
  seconds: number;
  p50: number;
  p99: number;
}

export async function closedLoop(options: {
  connections: number;
  seconds: number;
  /** One request; answers the body size, or throws / answers null for a failure. */
  request: (client: number) => Promise<number | null>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, client) => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const size = await options.request(client).catch(() => null);
        latencies.push(performance.now() - begin);
        if (size === null) failures++;
        else bytes += size;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, failures, bytes, seconds, p50: at(0.5), p99: at(0.99) };
}
