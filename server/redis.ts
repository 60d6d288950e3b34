import { Redis } from "ioredis";

/** One Redis connection for rate limits and caches when REDIS_URL is set; null means in-process stores. */
export async function connectRedis(url: string | undefined): Promise<Redis | null> {
  if (!url) return null;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  await redis.connect();
  return redis;
}
