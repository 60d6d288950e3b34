import type { Redis } from "ioredis";
import { watchRedis } from "./platform/redis-outage";

/**
 * Redis is a cache and a shared counter, never the only record (docs/decisions/0050-redis-is-a-cache.md), so a
 * command during an outage fails at once and the caller falls back: no offline queue, no retry of a command caught
 * by a dropped connection, and a command Redis does not answer within a second fails too. The client keeps
 * reconnecting on its own; `log` gets one warning line per outage (server/platform/redis-outage.ts).
 */
export const REDIS_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 1000,
  connectTimeout: 2000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000),
} as const;

/**
 * One Redis connection for rate limits and caches when REDIS_URL is set; null means in-process stores. The client
 * library loads only when a URL is given.
 */
export async function connectRedis(url: string | undefined, log?: (line: string) => void): Promise<Redis | null> {
  if (!url) return null;
  const { Redis: Client } = await import("ioredis");
  const redis = new Client(url, REDIS_OPTIONS);
  watchRedis(redis, log);
  await redis.connect();
  return redis;
}

/** Closes the connection politely when Redis answers, at once when it does not (QUIT has no queue to wait in). */
export async function closeRedis(redis: Redis | null): Promise<void> {
  if (!redis) return;
  await redis.quit().catch(() => redis.disconnect());
}
