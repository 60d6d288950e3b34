import type { Redis } from "ioredis";
import { systemClock, type Clock } from "./clock";

/**
 * A few short-lived keys (sign-in failure counters, revoked sessions): in Redis when REDIS_URL is set, so every
 * instance sees them, else in this process. Values expire on their own.
 */
export interface ExpiringStore {
  /** Adds one to the counter at `key` and (re)starts its lifetime; answers the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(...keys: string[]): Promise<void>;
}

export function createExpiringStore(redis: Redis | null, options: { prefix?: string; clock?: Clock } = {}): ExpiringStore {
  return redis ? redisStore(redis, options.prefix ?? "accounts:") : memoryStore(() => (options.clock ?? systemClock).now().getTime());
}

function redisStore(redis: Redis, prefix: string): ExpiringStore {
  return {
    async increment(key, ttlMs) {
      const results = await redis.multi().incr(prefix + key).pexpire(prefix + key, ttlMs).exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    get: (key) => redis.get(prefix + key),
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, "PX", ttlMs);
    },
    async delete(...keys) {
      if (keys.length > 0) await redis.del(...keys.map((key) => prefix + key));
    },
  };
}

/** Swept of expired entries whenever it has grown by this many since the last sweep. */
const SWEEP_EVERY = 1000;

function memoryStore(now: () => number): ExpiringStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  let sizeAtSweep = 0;
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlMs: number) => {
    entries.set(key, { value, expiresAt: now() + ttlMs });
    if (entries.size - sizeAtSweep >= SWEEP_EVERY) {
      for (const name of [...entries.keys()]) live(name);
      sizeAtSweep = entries.size;
    }
  };
  return {
    async increment(key, ttlMs) {
      const count = Number(live(key)?.value ?? 0) + 1;
      put(key, String(count), ttlMs);
      return count;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async delete(...keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}
