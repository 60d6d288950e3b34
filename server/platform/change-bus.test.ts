import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { connectRedis } from "../redis";
import { startOwnRedis } from "../test/own-redis";
import { TEST_REDIS_URL } from "../test/test-store";
import { createChangeBus, type ChangeBus } from "./change-bus";

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** One instance's bus on its own Redis connection, all on a channel of this test's own. */
async function instanceBus(channel: string, url = TEST_REDIS_URL, listening = true): Promise<ChangeBus> {
  const redis = (await connectRedis(url, () => {}))!;
  const bus = createChangeBus(redis, channel);
  closers.push(() => redis.quit().catch(() => redis.disconnect()), () => bus.close());
  if (listening) await bus.ready;
  return bus;
}

/** Resolves when `bus` hears `topic` once. */
const heard = (bus: ChangeBus) => new Promise<void>((resolve) => bus.subscribe("catalog.prices", resolve));

describe("change bus", () => {
  it("tells the publishing instance at once and every other instance through Redis", async () => {
    const channel = `test:changes:${randomUUID()}`;
    const [first, second, third] = await Promise.all([instanceBus(channel), instanceBus(channel), instanceBus(channel)]);
    const counts = [0, 0, 0];
    [first, second, third].forEach((bus, index) => bus.subscribe("catalog.prices", () => counts[index]!++));
    const elsewhere = Promise.all([heard(second), heard(third)]);
    await first.publish("catalog.prices");
    expect(counts[0]).toBe(1);
    await elsewhere;
    expect(counts).toEqual([1, 1, 1]);
    // Redis delivers in order: once the first instance hears the second one's change, its own earlier message has
    // come back too, and it was not counted a second time.
    const firstHears = heard(first);
    await second.publish("catalog.prices");
    await firstHears;
    expect(counts[0]).toBe(2);
  });

  it("listens once Redis is back when Redis stopped before its first subscription, and hears the other instances", async () => {
    const own = await startOwnRedis();
    closers.unshift(() => own.close());
    const channel = `test:changes:${randomUUID()}`;
    const late = await instanceBus(channel, own.url, false);
    await own.stop();
    await own.start();
    await late.ready;
    const other = await instanceBus(channel, own.url);
    const lateHears = heard(late);
    await other.publish("catalog.prices");
    await lateHears;
  });

  it("without Redis tells only its own listeners", async () => {
    const bus = createChangeBus(null);
    await bus.ready;
    let count = 0;
    bus.subscribe("catalog.prices", () => count++);
    await bus.publish("catalog.prices");
    expect(count).toBe(1);
  });
});
