import client from "prom-client";
import { createHttpMetrics, type HttpMetrics } from "./metrics-http";
import { createWatchedGauges, type WatchedGauges } from "./metrics-gauges";
import { createStoreCounters, type StoreCounters, type StoreMetrics } from "./metrics-store";

export type { StoreMetrics } from "./metrics-store";
export type { JobDepths, QueueDepths } from "./metrics-gauges";

/** One store's metrics: its registry (what /metrics answers), the counters and the watched gauges. */
export interface Metrics extends HttpMetrics, StoreCounters, WatchedGauges {
  registry: client.Registry;
}

/**
 * The store's Prometheus metrics (docs/operations.md explains each one). `processMetrics` adds prom-client's
 * process metrics (heap, event-loop lag, CPU, file descriptors) for the one store a server process runs; scripts
 * and tests leave them off (their observers outlive a short script and crash better-sqlite3's exit cleanup).
 * Queue depth is read when scraped, so it costs nothing between scrapes.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new client.Registry();
  const registers = [registry];
  if (options.processMetrics) client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Registered in this order, so /metrics lists them as before: HTTP, the modules' counters, then the gauges.
  const http = createHttpMetrics(registers);
  const counters = createStoreCounters(registers);
  return { registry, ...http, ...counters, ...createWatchedGauges(registers) };
}

/** For code run outside a store (scripts): counts nothing. */
export const noMetrics: StoreMetrics = { orderPlaced() {}, depositCredited() {}, mailSent() {}, mailFailed() {} };
