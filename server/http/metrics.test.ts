import { afterEach, describe, expect, it } from "vitest";
import { customer, orderBody } from "../test/orders-test-support";
import { manualClock } from "../platform/clock";
import { createMetrics } from "../platform/metrics";
import { startTestStore, type TestStore } from "../test/test-store";

const stores: TestStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
async function store(env: Record<string, string> = {}): Promise<TestStore> {
  const started = await startTestStore(env);
  stores.push(started);
  return started;
}

/** The value of one sample line (`name{labels} value`) in a Prometheus text answer, or undefined. */
function sample(text: string, line: string): number | undefined {
  const found = text.split("\n").find((row) => row.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe("/metrics", () => {
  it("counts answers per route and status, times them, and counts orders placed", async () => {
    const shop = await store();
    const buyer = await customer(shop, { currency: "EUR", minor: 100_000 });
    await shop.post("/api/prices", { currency: "EUR" });
    await shop.post("/api/prices", { currency: "JPY" });
    expect((await shop.post("/api/orders", orderBody(), { token: buyer.token })).status).toBe(200);

    const answer = await shop.call("/metrics");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body as string;
    expect(sample(text, 'http_requests_total{method="POST",route="/api/prices",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="POST",route="/api/prices",status="400"}')).toBe(1);
    expect(sample(text, 'http_request_errors_total{method="POST",route="/api/prices",class="4xx"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/prices"}')).toBe(2);
    expect(sample(text, 'orders_placed_total{currency="EUR"}')).toBe(1);
    expect(sample(text, 'job_queue_depth{queue="mail"}')).toBe(0);
  });

  it("shows the job queue per kind (due, scheduled, running) and counts failed tries, retried or given up, per kind", async () => {
    const clock = manualClock();
    const shop = await startTestStore({}, { clock });
    stores.push(shop);
    const { jobs } = shop.services;
    jobs.register("test.flaky", async () => {
      throw new Error("the far side is down");
    });
    await jobs.schedule(shop.db.kysely, { kind: "test.flaky", maxAttempts: 2 });
    await jobs.schedule(shop.db.kysely, { kind: "test.flaky", maxAttempts: 1, uniqueKey: "flaky-once" });
    await jobs.schedule(shop.db.kysely, { kind: "test.flaky", runAt: new Date(clock.now().getTime() + 60 * 60_000), uniqueKey: "flaky-later" });
    let text = (await shop.call("/metrics")).body as string;
    expect(sample(text, 'jobs_waiting{kind="test.flaky",state="due"}')).toBe(2);
    expect(sample(text, 'jobs_waiting{kind="test.flaky",state="scheduled"}')).toBe(1);

    expect(await jobs.runDue()).toBe(2);
    text = (await shop.call("/metrics")).body as string;
    // One try will be retried (with backoff: scheduled again), one was the last: given up.
    expect(sample(text, 'job_failures_total{kind="test.flaky",final="false"}')).toBe(1);
    expect(sample(text, 'job_failures_total{kind="test.flaky",final="true"}')).toBe(1);
    expect(sample(text, 'jobs_waiting{kind="test.flaky",state="due"}')).toBeUndefined();
    expect(sample(text, 'jobs_waiting{kind="test.flaky",state="scheduled"}')).toBe(2);
    // The daily clean-ups every store schedules at start wait too.
    expect(sample(text, 'jobs_waiting{kind="jobs.cleanup",state="scheduled"}')).toBe(1);
  });

  it("adds event-loop lag and heap for the store a server process runs", async () => {
    const text = await createMetrics({ processMetrics: true }).registry.metrics();
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(await createMetrics().registry.metrics()).not.toContain("nodejs_heap_size_used_bytes");
  });

  it("asks for METRICS_TOKEN when one is set, and is absent in production without one", async () => {
    const guarded = await store({ METRICS_TOKEN: "scrape-me-please-0123" });
    expect((await guarded.call("/metrics")).status).toBe(401);
    expect((await guarded.call("/metrics", { token: "scrape-me-please-0124" })).status).toBe(401);
    expect((await guarded.call("/metrics", { token: "scrape-me-please-0123" })).status).toBe(200);

    const production = await store({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" });
    expect((await production.call("/metrics")).status).toBe(404);
  });
});

describe("request ids", () => {
  it("keeps the proxy's X-Request-Id only when TRUST_PROXY is on", async () => {
    const direct = await store();
    const given = { headers: { "x-request-id": "from-the-proxy-42" } };
    const untrusted = await direct.call("/healthz", given);
    expect(untrusted.headers.get("x-request-id")).not.toBe("from-the-proxy-42");
    expect(untrusted.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await store({ TRUST_PROXY: "true" });
    expect((await proxied.call("/healthz", given)).headers.get("x-request-id")).toBe("from-the-proxy-42");
  });
});
