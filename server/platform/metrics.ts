import client from "prom-client";
import type { DependencyStates } from "./dependency-checks";

/** Counts a module reports as it works; the HTTP layer adds its own. Every store owns one registry. */
export interface StoreMetrics {
  orderPlaced(currency: string): void;
  depositCredited(currency: string): void;
  mailSent(): void;
  /** `final`: the mail will not be tried again. */
  mailFailed(final: boolean): void;
}

/** Reports waiting work per queue (the mail queue) when /metrics is read. */
export type QueueDepths = () => Promise<Record<string, number>>;

/** Reports the job runner's waiting jobs per kind and state when /metrics is read. */
export type JobDepths = () => Promise<Array<{ kind: string; state: string; count: number }>>;

/**
 * The store's Prometheus metrics (docs/operations.md explains each one). `processMetrics` adds prom-client's
 * process metrics (heap, event-loop lag, CPU, file descriptors) for the one store a server process runs; scripts
 * and tests leave them off (their observers outlive a short script and crash better-sqlite3's exit cleanup).
 * Queue depth is read when scraped, so it costs nothing between scrapes.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new client.Registry();
  const registers = [registry];
  if (options.processMetrics) client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

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
  const ordersPlaced = new client.Counter({ name: "orders_placed_total", help: "Orders placed and paid", labelNames: ["currency"] as const, registers });
  const depositsCredited = new client.Counter({
    name: "deposits_credited_total",
    help: "Deposits credited to a balance (each once)",
    labelNames: ["currency"] as const,
    registers,
  });
  const mailSent = new client.Counter({ name: "mail_sent_total", help: "Mails handed to the SMTP server", registers });
  const mailFailed = new client.Counter({
    name: "mail_failed_total",
    help: "Failed SMTP attempts; final=true when the mail is given up",
    labelNames: ["final"] as const,
    registers,
  });
  const jobFailures = new client.Counter({
    name: "job_failures_total",
    help: "Failed job tries by kind; final=false: retried later with backoff, final=true: given up (status failed)",
    labelNames: ["kind", "final"] as const,
    registers,
  });
  const jobSources: JobDepths[] = [];
  new client.Gauge({
    name: "jobs_waiting",
    help: "Jobs in the job runner's table by kind and state: due (may run now), scheduled (later), running (claimed)",
    labelNames: ["kind", "state"] as const,
    registers,
    async collect() {
      this.reset();
      // The table is in the database: while it is down the gauge is empty and the scrape still answers.
      for (const read of jobSources) {
        for (const { kind, state, count } of await read().catch(() => [])) this.set({ kind, state }, count);
      }
    },
  });
  const queues: QueueDepths[] = [];
  new client.Gauge({
    name: "job_queue_depth",
    help: "Work waiting per queue (mail: queued mails)",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      this.reset();
      for (const read of queues) {
        for (const [queue, depth] of Object.entries(await read().catch(() => ({})))) this.set({ queue }, depth);
      }
    },
  });
  const dependencySources: Array<() => Promise<DependencyStates>> = [];
  new client.Gauge({
    name: "scriptorium_dependency_up",
    help: "1 when a backing service this instance needs answers (database always; redis and storage when configured), else 0",
    labelNames: ["dependency"] as const,
    registers,
    async collect() {
      this.reset();
      for (const read of dependencySources) {
        for (const [dependency, up] of Object.entries(await read())) this.set({ dependency }, up ? 1 : 0);
      }
    },
  });

  const store: StoreMetrics = {
    orderPlaced: (currency) => ordersPlaced.inc({ currency }),
    depositCredited: (currency) => depositsCredited.inc({ currency }),
    mailSent: () => mailSent.inc(),
    mailFailed: (final) => mailFailed.inc({ final: String(final) }),
  };

  return {
    registry,
    store,
    /** One finished HTTP answer. */
    request(method: string, route: string, status: number, seconds: number): void {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status >= 400) errors.inc({ method, route, class: status >= 500 ? "5xx" : "4xx" });
    },
    pageCache: (result: "hit" | "miss") => pageCache.inc({ result }),
    /** A job's try failed; `final` when it is given up. */
    jobFailed: (kind: string, final: boolean) => jobFailures.inc({ kind, final: String(final) }),
    watchJobs(read: JobDepths): void {
      jobSources.push(read);
    },
    watchQueues(read: QueueDepths): void {
      queues.push(read);
    },
    /** Reports each dependency's state (cached checks, server/platform/dependency-checks.ts) when /metrics is read. */
    watchDependencies(read: () => Promise<DependencyStates>): void {
      dependencySources.push(read);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** For code run outside a store (scripts): counts nothing. */
export const noMetrics: StoreMetrics = { orderPlaced() {}, depositCredited() {}, mailSent() {}, mailFailed() {} };
