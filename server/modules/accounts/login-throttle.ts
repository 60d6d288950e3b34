import { createHash } from "node:crypto";
import { DomainError } from "../../platform/domain-error";
import { systemClock, type Clock } from "../../platform/clock";
import type { ExpiringStore } from "../../platform/expiring-store";

/**
 * Slows down guessing one account's password without letting anyone lock its owner out: the first failures are
 * free; from the fifth on, the account waits a window that doubles with each further failure (30 s, 1 min, 2 min…
 * at most 15 min) before the next attempt is even checked. A correct password after the window signs in and
 * clears the count. Unknown emails are counted the same way, so the answer never tells whether an account exists.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  /** Failures are forgotten after a day without one. */
  rememberMs: 24 * 60 * 60_000,
} as const;

export function createLoginThrottle(store: ExpiringStore, clock: Clock = systemClock) {
  const now = () => clock.now().getTime();
  const id = (email: string) => createHash("sha256").update(email).digest("base64url").slice(0, 22);
  const failuresKey = (email: string) => `login-failures:${id(email)}`;
  const waitKey = (email: string) => `login-wait:${id(email)}`;

  return {
    /** Throws a 429 with Retry-After while the account is inside its waiting window. */
    async check(email: string): Promise<void> {
      const waitMs = Number((await store.get(waitKey(email))) ?? 0) - now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw DomainError.tooMany("accounts.loginSlowedDown", seconds);
      }
    },

    async failed(email: string): Promise<void> {
      const failures = await store.increment(failuresKey(email), LOGIN_THROTTLE.rememberMs);
      if (failures < LOGIN_THROTTLE.freeFailures) return;
      const waitMs = Math.min(LOGIN_THROTTLE.firstWaitMs * 2 ** (failures - LOGIN_THROTTLE.freeFailures), LOGIN_THROTTLE.maxWaitMs);
      await store.set(waitKey(email), String(now() + waitMs), waitMs);
    },

    async succeeded(email: string): Promise<void> {
      await store.delete(failuresKey(email), waitKey(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
