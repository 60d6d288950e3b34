import { createHash } from "node:crypto";
import { DomainError } from "../../platform/domain-error";
import type { ExpiringStore } from "../../platform/expiring-store";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Per account, whatever IP addresses the calls come from: at most 3 codes mailed within an hour (more requests
 * answer the same 200 and mail nothing), and after 10 wrong codes no code is checked for a day. Counted by email,
 * so an address without an account is treated the same and the answers tell nothing.
 */
export const RESET_LIMITS = { codesPerHour: 3, wrongCodesPerDay: 10 } as const;

export function createResetLimits(store: ExpiringStore, now: () => number) {
  const id = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
  const issuedKey = (email: string) => `reset-issued:${id(email)}`;
  const wrongKey = (email: string) => `reset-wrong:${id(email)}`;
  const blockedKey = (email: string) => `reset-blocked:${id(email)}`;

  return {
    /** Counts one code request; false once the account has had its codes for this hour. */
    async mayIssueCode(email: string): Promise<boolean> {
      return (await store.increment(issuedKey(email), HOUR_MS)) <= RESET_LIMITS.codesPerHour;
    },

    /** Throws a 429 with Retry-After while the account's wrong codes are used up. */
    async checkTries(email: string): Promise<void> {
      const waitMs = Number((await store.get(blockedKey(email))) ?? 0) - now();
      if (waitMs > 0) throw DomainError.tooMany("accounts.resetTriesUsedUp", Math.ceil(waitMs / 1000));
    },

    async wrongCode(email: string): Promise<void> {
      if ((await store.increment(wrongKey(email), DAY_MS)) >= RESET_LIMITS.wrongCodesPerDay) {
        await store.set(blockedKey(email), String(now() + DAY_MS), DAY_MS);
      }
    },

    async succeeded(email: string): Promise<void> {
      await store.delete(wrongKey(email), blockedKey(email), issuedKey(email));
    },
  };
}

export type ResetLimits = ReturnType<typeof createResetLimits>;
