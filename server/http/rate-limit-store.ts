import type { Redis } from "ioredis";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import { redisFailed, redisUsable } from "../platform/redis-outage";

type Answer = { current: number; ttl: number };
type Callback = (error: Error | null, answer?: Answer) => void;

/** What @fastify/rate-limit asks of a store: count one more (or read) for a key, and a copy per route. */
interface CountingStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): CountingStore;
}

/** The plugin's options merged with a route's (and its `routeInfo`, which the Redis store keys by). */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * Counts in Redis, so every instance shares one count, and in this process's memory for as long as Redis does not
 * answer: during an outage each instance limits on its own (a warning line says so, server/platform/redis-outage.ts)
 * instead of refusing everyone or answering 500; once Redis answers the shared count takes over again.
 */
export function fallbackStoreClass(redis: Redis, namespace: string) {
  return class FallbackStore implements CountingStore {
    private readonly shared: CountingStore;
    private readonly local: CountingStore;

    constructor(options: StoreOptions, stores?: { shared: CountingStore; local: CountingStore }) {
      this.shared = stores?.shared ?? new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, namespace);
      this.local = stores?.local ?? new LocalStore(options.continueExceeding, options.exponentialBackoff);
    }

    private count(method: "incr" | "read", key: string, callback: Callback, timeWindow: number, max: number): void {
      if (!redisUsable(redis)) {
        this.local[method](key, callback, timeWindow, max);
        return;
      }
      this.shared[method](
        key,
        (error, answer) => {
          if (error) {
            redisFailed(redis, error);
            this.local[method](key, callback, timeWindow, max);
          } else callback(null, answer);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.count("incr", key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.count("read", key, callback, timeWindow, max);
    }

    child(routeOptions: object): CountingStore {
      return new FallbackStore(routeOptions, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  };
}
