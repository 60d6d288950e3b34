import { createHash } from "node:crypto";
import { DomainError } from "../../platform/domain-error";
import { systemClock, type Clock } from "../../platform/clock";
import type { ExpiringStore } from "../../platform/expiring-store";

/**
 * Slows down guessing one account's password without letting anyone lock its owner out
 * (docs/decisions/0022-login-throttle-without-lockout.md):
 * - per account and address: the first 5 failures are free; from the fifth on, that address waits a window that
 *   doubles with each further failure (30 s, 1 min, 2 min… at most 15 min) before its next attempt is checked;
 * - per account, over all addresses: from the 20th failure of the day, addresses that have never signed in to the
 *   account wait the same doubling window, so guessing from many addresses is slowed too;
 * - an address the account signed in from in the last 30 days is not held by others' failures, so the owner at
 *   home is never locked out by a stranger; anywhere else the owner can reset the password by mail, which clears
 *   the account's count.
 * A correct password after the window signs in and clears that address's count. Unknown emails are counted the
 * same way, so the answer never tells whether an account exists.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  freeFailuresPerAccount: 20,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  /** Failures are forgotten after a day without one. */
  rememberMs: 24 * 60 * 60_000,
  /** How long an address that signed in stays trusted for its account. */
  knownAddressMs: 30 * 24 * 60 * 60_000,
} as const;

/** IPv6 callers change the low half of their address at will: a /64 counts as one address. */
function addressKey(address: string): string {
  return address.includes(":") ? address.split(":").slice(0, 4).join(":") : address;
}

const waitAfter = (failures: number, free: number) =>
  Math.min(LOGIN_THROTTLE.firstWaitMs * 2 ** (failures - free), LOGIN_THROTTLE.maxWaitMs);

export function createLoginThrottle(store: ExpiringStore, clock: Clock = systemClock) {
  const now = () => clock.now().getTime();
  const id = (email: string, address = "") =>
    createHash("sha256").update(`${email}\n${addressKey(address)}`).digest("base64url").slice(0, 22);
  const keys = (email: string, address: string) => ({
    failures: `login-failures:${id(email, address)}`,
    wait: `login-wait:${id(email, address)}`,
    known: `login-known:${id(email, address)}`,
    accountFailures: `login-account-failures:${id(email)}`,
    accountWait: `login-account-wait:${id(email)}`,
  });
  const remaining = async (key: string) => Number((await store.get(key)) ?? 0) - now();

  return {
    /** Throws a 429 with Retry-After while this address is inside a waiting window for the account. */
    async check(email: string, address: string): Promise<void> {
      const key = keys(email, address);
      let waitMs = await remaining(key.wait);
      if (waitMs <= 0 && !(await store.get(key.known))) waitMs = await remaining(key.accountWait);
      if (waitMs > 0) throw DomainError.tooMany("accounts.loginSlowedDown", Math.ceil(waitMs / 1000));
    },

    async failed(email: string, address: string): Promise<void> {
      const key = keys(email, address);
      const failures = await store.increment(key.failures, LOGIN_THROTTLE.rememberMs);
      if (failures >= LOGIN_THROTTLE.freeFailures) {
        const waitMs = waitAfter(failures, LOGIN_THROTTLE.freeFailures);
        await store.set(key.wait, String(now() + waitMs), waitMs);
      }
      const accountFailures = await store.increment(key.accountFailures, LOGIN_THROTTLE.rememberMs);
      if (accountFailures >= LOGIN_THROTTLE.freeFailuresPerAccount) {
        const waitMs = waitAfter(accountFailures, LOGIN_THROTTLE.freeFailuresPerAccount);
        await store.set(key.accountWait, String(now() + waitMs), waitMs);
      }
    },

    /** The right password from this address: its count is cleared and it is trusted for the account from now on. */
    async succeeded(email: string, address: string): Promise<void> {
      const key = keys(email, address);
      await store.delete(key.failures, key.wait);
      await store.set(key.known, "1", LOGIN_THROTTLE.knownAddressMs);
    },

    /** The owner proved themselves another way (a reset by mail): the account-wide count starts again. */
    async cleared(email: string): Promise<void> {
      const key = keys(email, "");
      await store.delete(key.accountFailures, key.accountWait);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
