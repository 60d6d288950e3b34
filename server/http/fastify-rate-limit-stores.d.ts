// The two stores @fastify/rate-limit ships (it declares no types for them); server/http/rate-limit-store.ts
// puts them behind one that falls back from Redis to memory.
declare module "@fastify/rate-limit/store/RedisStore.js" {
  import type { Redis } from "ioredis";
  type Callback = (error: Error | null, answer?: { current: number; ttl: number }) => void;
  export default class RedisStore {
    constructor(continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, key?: string);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): RedisStore;
  }
}

declare module "@fastify/rate-limit/store/LocalStore.js" {
  type Callback = (error: Error | null, answer?: { current: number; ttl: number }) => void;
  export default class LocalStore {
    constructor(continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, cache?: number);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): LocalStore;
  }
}
