import type { Redis } from "ioredis";

/**
 * One Redis connection for rate limits and caches when REDIS_URL is set; null means in-process stores. The client
 * library loads only when a URL is given.
 */
export async function connectRedis(url: string | undefined): Promise<Redis | null> {
  if (!url) return null;
  const { Redis: Client } = await import("ioredis");
  const redis = new Client(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  await redis.connect();
  return redis;
}
