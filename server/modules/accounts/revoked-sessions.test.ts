import { describe, expect, it } from "vitest";
import { createSharedStore, type ExpiringStore } from "../../platform/expiring-store";
import { createRevokedSessions } from "./revoked-sessions";
import type { SessionsRepository } from "./sessions.repository";

/** A cache shared by two instances that can be taken down, as Redis is. */
function sharedCache() {
  const inner = createSharedStore(null);
  let down = false;
  const guard = <T,>(call: () => Promise<T>) => (down ? Promise.reject(new Error("ECONNREFUSED")) : call());
  const cache: ExpiringStore = {
    increment: (key, ttl) => guard(() => inner.increment(key, ttl)),
    get: (key) => guard(() => inner.get(key)),
    set: (key, value, ttl) => guard(() => inner.set(key, value, ttl)),
    setIfAbsent: (key, value, ttl) => guard(() => inner.setIfAbsent(key, value, ttl)),
    delete: (...keys) => guard(() => inner.delete(...keys)),
  };
  const setDown = (value: boolean) => {
    down = value;
  };
  return { cache, setDown };
}

/** The database's sessions: the ids here are ended. */
function database(ended: Set<string>) {
  let queries = 0;
  const revokedAt = async (id: string) => {
    queries++;
    return ended.has(id) ? "2026-01-05T09:00:00.000Z" : null;
  };
  const repository = { revokedAt } as unknown as SessionsRepository;
  return { repository, queries: () => queries };
}

describe("revoked sessions: the database is the record, the cache only copies it", () => {
  it("asks the database on a miss and on a cache error, and caches the answer while the cache works", async () => {
    const ended = new Set(["gone"]);
    const db = database(ended);
    const { cache, setDown } = sharedCache();
    const revoked = createRevokedSessions(db.repository, cache);
    expect([await revoked.has("gone"), await revoked.has("live")]).toEqual([true, false]);
    expect([await revoked.has("gone"), await revoked.has("live")]).toEqual([true, false]);
    expect(db.queries()).toBe(2);
    setDown(true);
    expect([await revoked.has("gone"), await revoked.has("live")]).toEqual([true, false]);
    expect(db.queries()).toBe(4);
  });

  it("writes a sign-out made while the cache was down into it once it answers, over another instance's live copy", async () => {
    const ended = new Set<string>();
    const { cache, setDown } = sharedCache();
    const here = createRevokedSessions(database(ended).repository, cache);
    const there = createRevokedSessions(database(ended).repository, cache);
    expect(await there.has("session")).toBe(false);
    setDown(true);
    ended.add("session");
    await here.add(["session"]);
    setDown(false);
    // Until this instance reaches the cache again, the other one may read the live copy (at most LIVE_CACHE_MS).
    expect(await there.has("session")).toBe(false);
    await here.has("anything");
    expect(await there.has("session")).toBe(true);
  });
});
