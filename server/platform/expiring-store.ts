import type { Redis } from "ioredis";
import { systemClock, type Clock } from "./clock";
import { redisFailed, redisUsable } from "./redis-outage";

/**
 * A few short-lived keys (sign-in failure counters, reset limits, cached sign-in states): in Redis when REDIS_URL
 * is set, so every instance sees them, else in this process. Values expire on their own. Nothing kept here is the
 * only record of anything (docs/decisions/0050-redis-is-a-cache.md).
 */
export interface ExpiringStore {
  /** Adds one to the counter at `key` and (re)starts its lifetime; answers the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets `key` only when it holds nothing yet (a cached answer never overwrites a newer write). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<void>;
  delete(...keys: string[]): Promise<void>;
}

interface StoreOptions {
  prefix?: string;
  clock?: Clock;
}

/**
 * The store for counters and limits: Redis when given, falling back to this process's memory for as long as Redis
 * does not answer (a warning line says so), so an outage turns shared counts into per-instance ones, never an error.
 */
export function createExpiringStore(redis: Redis | null, options: StoreOptions = {}): ExpiringStore {
  const memory = memoryStore(() => (options.clock ?? systemClock).now().getTime());
  return redis ? withFallback(redis, redisStore(redis, options.prefix ?? "accounts:"), memory) : memory;
}

/**
 * Redis alone when given (its errors reach the caller, who knows a better answer than a per-instance copy, after
 * the outage warning), else memory.
 */
export function createSharedStore(redis: Redis | null, options: StoreOptions = {}): ExpiringStore {
  if (!redis) return memoryStore(() => (options.clock ?? systemClock).now().getTime());
  const shared = redisStore(redis, options.prefix ?? "accounts:");
  const reported = <T,>(call: () => Promise<T>): Promise<T> =>
    call().catch((error: unknown) => {
      redisFailed(redis, error);
      throw error;
    });
  return {
    increment: (key, ttlMs) => reported(() => shared.increment(key, ttlMs)),
    get: (key) => reported(() => shared.get(key)),
    set: (key, value, ttlMs) => reported(() => shared.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) => reported(() => shared.setIfAbsent(key, value, ttlMs)),
    delete: (...keys) => reported(() => shared.delete(...keys)),
  };
}

function redisStore(redis: Redis, prefix: string): ExpiringStore {
  return {
    async increment(key, ttlMs) {
      const results = await redis.multi().incr(prefix + key).pexpire(prefix + key, ttlMs).exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (failed) throw failed;
      return Number(results?.[0]?.[1] ?? 0);
    },
    get: (key) => redis.get(prefix + key),
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, "PX", ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      await redis.set(prefix + key, value, "PX", ttlMs, "NX");
    },
    async delete(...keys) {
      if (keys.length > 0) await redis.del(...keys.map((key) => prefix + key));
    },
  };
}

function withFallback(redis: Redis, shared: ExpiringStore, local: ExpiringStore): ExpiringStore {
  const attempt = async <T,>(onRedis: () => Promise<T>, onMemory: () => Promise<T>): Promise<T> => {
    if (!redisUsable(redis)) return onMemory();
    try {
      return await onRedis();
    } catch (error) {
      redisFailed(redis, error);
      return onMemory();
    }
  };
  return {
    increment: (key, ttlMs) => attempt(() => shared.increment(key, ttlMs), () => local.increment(key, ttlMs)),
    get: (key) => attempt(() => shared.get(key), () => local.get(key)),
    set: (key, value, ttlMs) => attempt(() => shared.set(key, value, ttlMs), () => local.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) => attempt(() => shared.setIfAbsent(key, value, ttlMs), () => local.setIfAbsent(key, value, ttlMs)),
    // Forgetting is done in both places, so a count kept in memory during an outage does not come back later.
    delete: async (...keys) => {
      await local.delete(...keys);
      await attempt(() => shared.delete(...keys), async () => undefined);
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
    async setIfAbsent(key, value, ttlMs) {
      if (!live(key)) put(key, value, ttlMs);
    },
    async delete(...keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}
