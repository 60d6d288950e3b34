import autocannon from "autocannon";

export interface HttpLoad {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers that were not 2xx, errors and timeouts: a figure with failures in it is not a figure. */
  failures: number;
}

export interface HttpTarget {
  url: string;
  method?: "GET" | "POST";
  body?: unknown;
}

/** autocannon in-process against one URL: a short warm-up, then `seconds` of measuring with `connections` clients. */
export async function measureHttp(target: HttpTarget, options: { seconds: number; connections: number }): Promise<HttpLoad> {
  const request = {
    url: target.url,
    method: target.method ?? "GET",
    connections: options.connections,
    ...(target.body === undefined ? {} : { body: JSON.stringify(target.body), headers: { "content-type": "application/json" } }),
  };
  await autocannon({ ...request, duration: 1 });
  const result = await autocannon({ ...request, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
