import type { ExpiringStore } from "../../platform/expiring-store";
import { ACCESS_TOKEN_SECONDS } from "./access-tokens";
import type { SessionsRepository } from "./sessions.repository";

/** How long a "still signed in" answer is cached: the longest a missed cache write could leave a token working. */
export const LIVE_CACHE_MS = 30_000;
const REVOKED_CACHE_MS = ACCESS_TOKEN_SECONDS * 1000;
/** Cache writes that failed (Redis down), sent again once it answers; bounded so an outage cannot grow it forever. */
const PENDING_MAX = 10_000;

/**
 * Has a sign-in ended? The database answers (`sessions.revoked_at`, written by every sign-out, refresh-token
 * re-use, password change or reset, block, role change or deactivation); a cache in front (Redis, shared by every
 * instance, or this process's memory without REDIS_URL) keeps the answer for a while so most requests need no query.
 * The cache is never the only record: a miss, an emptied Redis or a Redis error asks the database, so a Redis
 * restart brings no ended sign-in back and an outage signs no one out (docs/decisions/0050-redis-is-a-cache.md).
 */
export function createRevokedSessions(repository: SessionsRepository, cache: ExpiringStore) {
  const key = (sessionId: string) => `session-state:${sessionId}`;
  const pending = new Set<string>();

  const remember = async (sessionId: string): Promise<boolean> => {
    try {
      await cache.set(key(sessionId), "revoked", REVOKED_CACHE_MS);
      return true;
    } catch {
      return false;
    }
  };
  /** After an outage: a "still signed in" copy written before it could outlive a sign-out made during it. */
  const flushPending = async () => {
    for (const sessionId of [...pending]) {
      if (!(await remember(sessionId))) return;
      pending.delete(sessionId);
    }
  };

  return {
    /** The sign-ins just ended in the database: every instance's cache says so from now on. */
    async add(sessionIds: string[]): Promise<void> {
      for (const sessionId of sessionIds) {
        if (!(await remember(sessionId)) && pending.size < PENDING_MAX) pending.add(sessionId);
      }
    },

    async has(sessionId: string): Promise<boolean> {
      if (!sessionId) return false;
      let cached: string | null;
      try {
        cached = await cache.get(key(sessionId));
      } catch {
        return (await repository.revokedAt(sessionId)) !== null;
      }
      if (pending.size > 0) await flushPending();
      if (cached !== null) return cached === "revoked";
      const revoked = (await repository.revokedAt(sessionId)) !== null;
      // Set only if absent: a sign-out cached meanwhile by another instance is never overwritten by this older answer.
      await cache.setIfAbsent(key(sessionId), revoked ? "revoked" : "live", revoked ? REVOKED_CACHE_MS : LIVE_CACHE_MS).catch(() => undefined);
      return revoked;
    },
  };
}

export type RevokedSessions = ReturnType<typeof createRevokedSessions>;
