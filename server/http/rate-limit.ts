import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { ApiError } from "./api-error";
import { fallbackStoreClass } from "./rate-limit-store";

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`), counted in memory by default
 * and in Redis when REDIS_URL is set so several instances share one count; while Redis is down each instance
 * counts on its own (server/http/rate-limit-store.ts).
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | null, namespace = "rl:"): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackStoreClass(redis, namespace) } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(429, undefined, { key: "detail.429", params: { seconds } }, { "retry-after": String(seconds) });
    },
  });
}
