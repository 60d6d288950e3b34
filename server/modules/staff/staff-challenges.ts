import { createHash, randomBytes } from "node:crypto";
import { DomainError } from "../../platform/domain-error";
import type { ExpiringStore } from "../../platform/expiring-store";

/** A challenge (the step between password and code) lives 10 minutes and survives 5 wrong codes. */
export const CHALLENGE_RULES = { lifetimeMs: 10 * 60_000, maxWrongCodes: 5 } as const;

/** Who proved their password and now owes a code. */
export interface Challenge {
  userId: string;
  email: string;
  role: string;
  rememberMe: boolean;
}

/** The challenges of the staff sign-in, kept in the expiring store (memory or Redis) under their token's hash. */
export interface StaffChallenges {
  /** Stores the challenge; answers its token. */
  open(challenge: Challenge): Promise<string>;
  /** The challenge behind the token; "expired" (400) when there is none. */
  read(token: string): Promise<Challenge>;
  /**
   * Takes one of the challenge's five attempts before a code is looked at: the counter goes up atomically (memory or
   * Redis), so parallel requests cannot all be evaluated; an attempt past the fifth is refused unread, the same way
   * as a dead challenge.
   */
  takeAttempt(token: string): Promise<number>;
  end(token: string): Promise<void>;
}

export function createStaffChallenges(store: ExpiringStore): StaffChallenges {
  const challengeKey = (token: string) => `staff-challenge:${createHash("sha256").update(token).digest("base64url")}`;
  const triesKey = (token: string) => `${challengeKey(token)}:wrong`;
  return {
    async open(challenge) {
      const token = randomBytes(32).toString("base64url");
      await store.set(challengeKey(token), JSON.stringify(challenge satisfies Challenge), CHALLENGE_RULES.lifetimeMs);
      return token;
    },

    async read(token) {
      const raw = await store.get(challengeKey(token));
      if (!raw) throw DomainError.field("", "staff.challengeExpired");
      return JSON.parse(raw) as Challenge;
    },

    async takeAttempt(token) {
      const attempt = await store.increment(triesKey(token), CHALLENGE_RULES.lifetimeMs);
      if (attempt > CHALLENGE_RULES.maxWrongCodes) {
        await store.delete(challengeKey(token));
        throw DomainError.field("", "staff.challengeExpired");
      }
      return attempt;
    },

    end: (token) => store.delete(challengeKey(token)),
  };
}
