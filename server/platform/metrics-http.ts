import client from "prom-client";

/** What the HTTP layer counts: every answer, its time, and the page cache's hits and misses. */
export interface HttpMetrics {
  /** One finished HTTP answer. */
  request(method: string, route: string, status: number, seconds: number): void;
  pageCache(result: "hit" | "miss"): void;
}

export function createHttpMetrics(registers: client.Registry[]): HttpMetrics {
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP answers by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const errors = new client.Counter({
    name: "http_request_errors_total",
    help: "HTTP answers with a 4xx or 5xx status, by route pattern and class",
    labelNames: ["method", "route", "class"] as const,
    registers,
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from request to answer, by route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const pageCache = new client.Counter({
    name: "page_cache_requests_total",
    help: "Public page requests answered from the page cache (hit) or rendered and stored (miss)",
    labelNames: ["result"] as const,
    registers,
  });
  return {
    request(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status >= 400) errors.inc({ method, route, class: status >= 500 ? "5xx" : "4xx" });
    },
    pageCache: (result) => pageCache.inc({ result }),
  };
}
