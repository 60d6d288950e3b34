import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { TokenPair } from "../../../contract/accounts";
import { isStaffRole, type StaffChallenge, type StaffTokens } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { ExpiringStore } from "../../platform/expiring-store";
import type { AuditService } from "../audit";
import type { StaffRepository } from "./staff.repository";
import { newTotpSecret, totpEnrolment, totpStep } from "./totp";
import type { People } from "../accounts";

/** A challenge (the step between password and code) lives 10 minutes and survives 5 wrong codes. */
export const CHALLENGE_RULES = { lifetimeMs: 10 * 60_000, maxWrongCodes: 5 } as const;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

interface StaffUser {
  id: string;
  email: string;
  role: string;
}

export interface StaffAuthDeps {
  db: Kysely<Database>;
  repository: StaffRepository;
  /** The accounts module's password step, sign-ins and login throttle (decision 0022): codes are throttled with passwords. */
  accounts: {
    checkPassword(input: { email: string; password: string }, address?: string): Promise<StaffUser & { role: string }>;
    profile(userId: string): Promise<{ id: string; email: string; role: string }>;
    sessions: { start(user: { id: string; role: never }, rememberMe: boolean): Promise<TokenPair> };
    throttle: { check(email: string, address: string): Promise<void>; failed(email: string, address: string): Promise<void>; succeeded(email: string, address: string): Promise<void> };
  };
  /** Who an e-mail belongs to (the accounts module's directory). */
  people: Pick<People, "byEmail">;
  store: ExpiringStore;
  audit: AuditService;
  clock: Clock;
  /** Keys the recovery codes' HMAC. */
  secret: string;
}

interface Challenge {
  userId: string;
  email: string;
  role: string;
  rememberMe: boolean;
}

/** "abcde-fghij": 10 characters of an alphabet without look-alikes (about 50 bits), easy to copy from paper. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The staff sign-in (docs/decisions/0030-staff-totp-and-recovery-codes.md): password, then a TOTP code (or a
 * recovery code), or, the first time, enrolment: a secret shown as a QR code, confirmed by a first code, and ten
 * recovery codes shown once. Codes count in the same login throttle as passwords; a code's time step is used once.
 */
export function createStaffAuth({ db, repository, accounts, people, store, audit, clock, secret }: StaffAuthDeps) {
  const now = () => clock.now();
  const challengeKey = (token: string) => `staff-challenge:${createHash("sha256").update(token).digest("base64url")}`;
  const triesKey = (token: string) => `${challengeKey(token)}:wrong`;
  const recoveryHash = (userId: string, code: string) => createHmac("sha256", secret).update(`staff-recovery:${userId}:${code}`).digest("base64url");

  const readChallenge = async (token: string): Promise<Challenge> => {
    const raw = await store.get(challengeKey(token));
    if (!raw) throw DomainError.field("", "staff.challengeExpired");
    return JSON.parse(raw) as Challenge;
  };

  /**
   * Takes one of the challenge's five attempts before a code is looked at: the counter goes up atomically (memory or
   * Redis), so parallel requests cannot all be evaluated; an attempt past the fifth is refused unread, the same way
   * as a dead challenge.
   */
  const takeAttempt = async (token: string): Promise<number> => {
    const attempt = await store.increment(triesKey(token), CHALLENGE_RULES.lifetimeMs);
    if (attempt > CHALLENGE_RULES.maxWrongCodes) {
      await store.delete(challengeKey(token));
      throw DomainError.field("", "staff.challengeExpired");
    }
    return attempt;
  };

  /**
   * A wrong code: audited, counted against the account and address, and the challenge dies at the fifth attempt.
   * The attempt counter is left to expire on its own: deleting it would let a parallel request start again at one.
   */
  const wrongCode = async (token: string, attempt: number, challenge: Challenge, address: string, key: string): Promise<never> => {
    await audit.record({ actor: { id: challenge.userId, role: challenge.role }, ip: address, action: "staff.code_failed", subject: { type: "staff", id: challenge.userId }, note: key.replace("staff.", "") });
    await accounts.throttle.failed(challenge.email, address);
    if (attempt >= CHALLENGE_RULES.maxWrongCodes) {
      await store.delete(challengeKey(token));
      throw DomainError.field("", "staff.challengeExpired");
    }
    throw DomainError.field("code", key);
  };

  const signedIn = async (token: string, challenge: Challenge, address: string): Promise<TokenPair> => {
    await store.delete(challengeKey(token));
    await accounts.throttle.succeeded(challenge.email, address);
    const user = await accounts.profile(challenge.userId);
    await audit.record({ actor: { id: user.id, role: user.role }, ip: address, action: "staff.sign_in", subject: { type: "staff", id: user.id } });
    return accounts.sessions.start({ id: user.id, role: user.role as never }, challenge.rememberMe);
  };

  const activeAccount = async (userId: string) => {
    const account = await repository.account(userId);
    if (!account) throw DomainError.field("", "staff.challengeExpired");
    if (account.deactivated_at) throw DomainError.field("", "staff.deactivated");
    return account;
  };

  /** A wrong password for a staff account is audited (an unknown email or a customer's is not: no subject). */
  const passwordRefused = async (error: unknown, email: string, address: string): Promise<never> => {
    if (error instanceof DomainError && error.fields?.[""]?.[0]?.key === "accounts.invalidCredentials") {
      const user = await people.byEmail(email);
      if (user && isStaffRole(user.role)) await audit.record({ actor: { id: user.id, role: user.role }, ip: address, action: "staff.password_failed", subject: { type: "staff", id: user.id } });
    }
    throw error;
  };

  const auth = {
    /** The next step for a staff user who proved their password (or accepted an invitation): a code, or enrolment. */
    async challenge(user: StaffUser, rememberMe: boolean): Promise<StaffChallenge> {
      const at = now().toISOString();
      await repository.ensureAccount(user.id, at);
      const account = await activeAccount(user.id);
      const token = randomBytes(32).toString("base64url");
      await store.set(challengeKey(token), JSON.stringify({ userId: user.id, email: user.email, role: user.role, rememberMe } satisfies Challenge), CHALLENGE_RULES.lifetimeMs);
      if (account.totp_secret) return { step: "code", challenge: token };
      const pending = newTotpSecret();
      await repository.setPendingSecret(user.id, pending, at);
      return { step: "enrol", challenge: token, enrolment: await totpEnrolment(pending, user.email) };
    },

    /** Password step. A customer account is refused here (customers sign in at /auth/sign-in). */
    async signIn(input: { email: string; password: string; rememberMe: boolean }, address = "in-process"): Promise<StaffChallenge> {
      const user = await accounts.checkPassword(input, address).catch((error: unknown) => passwordRefused(error, input.email, address));
      if (!isStaffRole(user.role)) throw DomainError.field("", "staff.notStaff");
      return auth.challenge(user, input.rememberMe);
    },

    /** Code step: a TOTP code of an unused time step, or an unused recovery code. */
    async verify(input: { challenge: string; code: string }, address = "in-process"): Promise<TokenPair> {
      const challenge = await readChallenge(input.challenge);
      await accounts.throttle.check(challenge.email, address);
      const account = await activeAccount(challenge.userId);
      if (!account.totp_secret) throw DomainError.field("", "staff.challengeExpired");
      const attempt = await takeAttempt(input.challenge);
      const code = input.code.replace(/[\s-]/g, "").toLowerCase();
      const at = now();
      if (/^\d{6}$/.test(code)) {
        const step = totpStep(account.totp_secret, code, at.getTime());
        if (step === null) return wrongCode(input.challenge, attempt, challenge, address, "staff.codeWrong");
        if (!(await repository.claimStep(challenge.userId, step, at.toISOString()))) return wrongCode(input.challenge, attempt, challenge, address, "staff.codeReused");
      } else if (code.length === 10) {
        const used = await db.transaction().execute(async (trx) => {
          if (!(await repository.useRecoveryCode(challenge.userId, recoveryHash(challenge.userId, code), at.toISOString(), trx))) return false;
          await audit.record({ actor: { id: challenge.userId, role: challenge.role }, ip: address, action: "staff.recovery_code_used", subject: { type: "staff", id: challenge.userId } }, trx);
          return true;
        });
        if (!used) return wrongCode(input.challenge, attempt, challenge, address, "staff.recoveryCodeWrong");
      } else {
        return wrongCode(input.challenge, attempt, challenge, address, "staff.codeFormat");
      }
      return signedIn(input.challenge, challenge, address);
    },

    /** Enrolment: a first right code confirms the secret shown; ten recovery codes are made and answered once. */
    async confirmEnrolment(input: { challenge: string; code: string }, address = "in-process"): Promise<StaffTokens> {
      const challenge = await readChallenge(input.challenge);
      await accounts.throttle.check(challenge.email, address);
      const account = await activeAccount(challenge.userId);
      const pending = account.totp_pending_secret;
      if (!pending) throw DomainError.field("", "staff.challengeExpired");
      const attempt = await takeAttempt(input.challenge);
      const code = input.code.replace(/\s/g, "");
      const at = now();
      const step = /^\d{6}$/.test(code) ? totpStep(pending, code, at.getTime()) : null;
      if (step === null) return wrongCode(input.challenge, attempt, challenge, address, /^\d{6}$/.test(code) ? "staff.codeWrong" : "staff.codeFormat");
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const confirmed = await db.transaction().execute(async (trx) => {
        if (!(await repository.confirmSecret(challenge.userId, pending, step, at.toISOString(), trx))) return false;
        await repository.replaceRecoveryCodes(challenge.userId, recoveryCodes.map((recovery) => recoveryHash(challenge.userId, recovery.replace("-", ""))), at.toISOString(), trx);
        await audit.record({ actor: { id: challenge.userId, role: challenge.role }, ip: address, action: "staff.enrol", subject: { type: "staff", id: challenge.userId }, after: { secondFactor: "totp" } }, trx);
        return true;
      });
      if (!confirmed) throw DomainError.field("", "staff.challengeExpired");
      return { ...(await signedIn(input.challenge, challenge, address)), recoveryCodes };
    },
  };
  return auth;
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
