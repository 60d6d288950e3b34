import type { Redis } from "ioredis";

/**
 * How this process's Redis connection is doing, told in few log lines: one warning when Redis stops answering (at
 * most one a minute however often the client retries or a command fails), one line when it answers again. Redis
 * holds only copies and counts (docs/operations.md), so an outage is worth a warning, never an error per request.
 */
interface Watch {
  log: (line: string) => void;
  down: boolean;
  warnedAt: number;
}

const watches = new WeakMap<Redis, Watch>();
const WARN_EVERY_MS = 60_000;

const describe = (error: unknown) => (error instanceof Error ? (error as NodeJS.ErrnoException).code || error.message : String(error));

/**
 * Listens to the client's errors (so ioredis never prints "Unhandled error event") and to its return. `log` gets
 * the warning lines; it can be swapped later with `setRedisLog` (the app's logger exists only after Redis).
 */
export function watchRedis(redis: Redis, log: (line: string) => void = console.warn): void {
  watches.set(redis, { log, down: false, warnedAt: Number.NEGATIVE_INFINITY });
  redis.on("error", (error: unknown) => redisFailed(redis, error));
  redis.on("ready", () => {
    const watch = watches.get(redis);
    if (!watch?.down) return;
    watch.down = false;
    watch.log("Redis answers again: rate limits are shared and sign-in checks use its cache again.");
  });
}

export function setRedisLog(redis: Redis, log: (line: string) => void): void {
  const watch = watches.get(redis);
  if (watch) watch.log = log;
}

/** A command or the connection failed: the caller falls back; one warning line a minute at most. */
export function redisFailed(redis: Redis, error: unknown): void {
  const watch = watches.get(redis);
  if (!watch) return;
  watch.down = true;
  const now = Date.now();
  if (now - watch.warnedAt < WARN_EVERY_MS) return;
  watch.warnedAt = now;
  watch.log(
    `Redis is not answering (${describe(error)}): rate limits count per instance and sign-in checks ask the database until it is back.`,
  );
}

/** True when a command can be sent now; false while the client reconnects (commands would fail at once). */
export function redisUsable(redis: Redis): boolean {
  return redis.status === "ready";
}
