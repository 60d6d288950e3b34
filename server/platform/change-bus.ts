import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { redisFailed } from "./redis-outage";

/** Topics every instance must hear about, so caches kept in memory forget what changed elsewhere. */
export type ChangeTopic = "catalog.prices" | "catalog.products";

/**
 * Tells this instance, and every other one through Redis pub/sub when REDIS_URL is set, that something changed.
 * Local listeners hear it at once; other instances within a Redis round trip. Without Redis there is one instance.
 */
export interface ChangeBus {
  publish(topic: ChangeTopic): Promise<void>;
  subscribe(topic: ChangeTopic, listener: () => void): void;
  /** Settles once this instance listens to the others (at once without Redis). */
  ready: Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = "scriptorium:changes";

export function createChangeBus(redis: Redis | null, channel = CHANNEL): ChangeBus {
  const listeners = new Map<ChangeTopic, Set<() => void>>();
  const self = randomUUID();
  const notify = (topic: ChangeTopic) => {
    for (const listener of listeners.get(topic) ?? []) listener();
  };

  // A subscribed connection can do nothing else: it gets a connection of its own, and its errors are the main
  // connection's outage. It subscribes again on every connection itself: ioredis's own re-subscription leaves a
  // failed SUBSCRIBE as an unhandled rejection, and forgets a channel whose first SUBSCRIBE met an outage.
  const subscriber = redis?.duplicate({ autoResubscribe: false }) ?? null;
  let ready = Promise.resolve();
  if (redis && subscriber) {
    const fail = (error: unknown) => redisFailed(redis, error);
    ready = new Promise((listening) => {
      subscriber.on("ready", () => void subscriber.subscribe(channel).then(() => listening(), fail));
    });
    subscriber.on("error", fail);
    subscriber.connect().catch(fail);
    subscriber.on("message", (_channel: string, message: string) => {
      const [from, topic] = message.split(" ", 2) as [string, ChangeTopic];
      if (from !== self) notify(topic);
    });
  }

  return {
    ready,
    async publish(topic) {
      notify(topic);
      // During a Redis outage the other instances miss this change (docs/operations.md says what to do): never an error here.
      await redis?.publish(channel, `${self} ${topic}`).catch((error: unknown) => redisFailed(redis, error));
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set();
      set.add(listener);
      listeners.set(topic, set);
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber.disconnect());
    },
  };
}
