import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startOwnRedis, type OwnRedis } from "../test/own-redis";
import { startTestStore, TEST_REDIS_URL, type TestStore } from "../test/test-store";

const stores: TestStore[] = [];
const redises: OwnRedis[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await Promise.all(redises.splice(0).map((redis) => redis.close()));
});

async function store(env: Record<string, string> = {}, redisNamespace?: string, redisLog?: (line: string) => void): Promise<TestStore> {
  const started = await startTestStore(env, { redisNamespace, redisLog });
  stores.push(started);
  return started;
}

const ticket = (i: number) => ({ email: `rate${i}@example.com`, description: "Please call me back about my order." });
const createTicket = (target: TestStore, i: number) => target.post("/api/support/create-ticket", ticket(i));

/** Support tickets allow 5 per 10 minutes per address: the 6th is refused in the contract shape. */
async function expectRefused(target: TestStore, i: number): Promise<void> {
  const refused = await createTicket(target, i);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(refused.body).toMatchObject({ status: 429, title: "Too Many Requests" });
}

describe("rate limits", () => {
  it("counts in memory per instance by default", async () => {
    const first = await store();
    for (let i = 0; i < 5; i++) expect((await createTicket(first, i)).status).toBe(200);
    await expectRefused(first, 5);
    // A second instance with its own memory knows nothing of the first one's count.
    const second = await store();
    expect((await createTicket(second, 6)).status).toBe(200);
  });

  it("shares one count between instances through Redis", async () => {
    const namespace = `test:${randomUUID()}:`;
    const first = await store({ REDIS_URL: TEST_REDIS_URL }, namespace);
    const second = await store({ REDIS_URL: TEST_REDIS_URL }, namespace);
    for (let i = 0; i < 3; i++) expect((await createTicket(first, i)).status).toBe(200);
    for (let i = 3; i < 5; i++) expect((await createTicket(second, i)).status).toBe(200);
    await expectRefused(first, 5);
    await expectRefused(second, 6);
  });

  it("count per instance while Redis is down, with one warning line, and share one count again once it is back", async () => {
    const redis = await startOwnRedis();
    redises.push(redis);
    const namespace = `test:${randomUUID()}:`;
    const warnings: string[] = [];
    const first = await store({ REDIS_URL: redis.url }, namespace, (line) => warnings.push(line));
    const second = await store({ REDIS_URL: redis.url }, namespace);
    await redis.stop();
    // Each instance limits on its own: five each, the sixth refused; never a 500.
    for (let i = 0; i < 5; i++) expect((await createTicket(first, i)).status).toBe(200);
    await expectRefused(first, 5);
    for (let i = 6; i < 11; i++) expect((await createTicket(second, i)).status).toBe(200);
    await expectRefused(second, 11);
    // The warning comes with the client's first failed reconnect (its retry delay after the stop), never once per request.
    await vi.waitFor(() => expect(warnings.filter((line) => line.includes("Redis is not answering"))).toHaveLength(1), { timeout: 10_000, interval: 50 });

    await redis.start();
    await vi.waitFor(() => expect([first.redis?.status, second.redis?.status]).toEqual(["ready", "ready"]), { timeout: 10_000, interval: 50 });
    expect(warnings.at(-1)).toContain("Redis answers again");
    // The (emptied) Redis counts for both again: three here and two there, and the sixth is refused on either.
    for (let i = 12; i < 15; i++) expect((await createTicket(first, i)).status).toBe(200);
    for (let i = 15; i < 17; i++) expect((await createTicket(second, i)).status).toBe(200);
    await expectRefused(first, 17);
    await expectRefused(second, 18);
  });
});
