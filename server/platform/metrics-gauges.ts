import client from "prom-client";
import type { DependencyStates } from "./dependency-checks";

/** Reports waiting work per queue (the mail queue) when /metrics is read. */
export type QueueDepths = () => Promise<Record<string, number>>;

/** Reports the job runner's waiting jobs per kind and state when /metrics is read. */
export type JobDepths = () => Promise<Array<{ kind: string; state: string; count: number }>>;

/** Gauges read when /metrics is scraped, from the sources watched here: they cost nothing between scrapes. */
export interface WatchedGauges {
  watchJobs(read: JobDepths): void;
  watchQueues(read: QueueDepths): void;
  /** Reports each dependency's state (cached checks, server/platform/dependency-checks.ts) when /metrics is read. */
  watchDependencies(read: () => Promise<DependencyStates>): void;
  /** Reports the requests load shedding counts: in flight now, and the most at once since the last scrape. */
  watchInFlight(read: () => { current: number; peak: number }): void;
}

export function createWatchedGauges(registers: client.Registry[]): WatchedGauges {
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
  let inFlight: () => { current: number; peak: number } = () => ({ current: 0, peak: 0 });
  new client.Gauge({
    name: "http_requests_in_flight",
    help: "API requests and form posts this instance is working on: now, and the most at once since the previous scrape (at MAX_IN_FLIGHT, load was shed)",
    labelNames: ["reading"] as const,
    registers,
    collect() {
      const { current, peak } = inFlight();
      this.set({ reading: "now" }, current);
      this.set({ reading: "peak" }, peak);
    },
  });
  return {
    watchInFlight(read) {
      inFlight = read;
    },
    watchJobs(read) {
      jobSources.push(read);
    },
    watchQueues(read) {
      queues.push(read);
    },
    watchDependencies(read) {
      dependencySources.push(read);
    },
  };
}
