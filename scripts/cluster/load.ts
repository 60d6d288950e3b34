// A steady load of GET requests through the proxy, counting every answer that is not a success.

export interface LoadResult {
  requests: number;
  failures: string[];
  p99Ms: number;
}

export interface Load {
  stop(): Promise<LoadResult>;
}

/** `workers` loops, each requesting the next of `paths` as soon as its previous answer is in. */
export function steadyLoad(base: string, paths: string[], workers = 6): Load {
  let running = true;
  const latencies: number[] = [];
  const failures: string[] = [];
  const worker = async (offset: number) => {
    for (let i = offset; running; i++) {
      const pathname = paths[i % paths.length];
      const started = performance.now();
      try {
        const response = await fetch(base + pathname);
        await response.arrayBuffer();
        if (!response.ok) failures.push(`${pathname}: ${response.status} from ${response.headers.get("x-upstream")}`);
      } catch (error) {
        failures.push(`${pathname}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error)}`);
      }
      latencies.push(performance.now() - started);
    }
  };
  const loops = Array.from({ length: workers }, (_, index) => worker(index));
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      const sorted = latencies.sort((a, b) => a - b);
      return { requests: sorted.length, failures, p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0) };
    },
  };
}
