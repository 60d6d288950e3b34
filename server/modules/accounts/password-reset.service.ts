import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { RESET_CODE_LENGTH, type resetPasswordRequestSchema } from "../../../contract/accounts";
import { DomainError } from "../../platform/domain-error";
import type { TransactionOpener } from "../../platform/transactions";
import type { Locale } from "../../i18n/messages";
import type { AccountMail } from "./account-mail";
import type { AccountsRepository } from "./accounts.repository";
import { refuseCommonPassword } from "./common-passwords";
import type { LoginThrottle } from "./login-throttle";
import { hashPassword } from "./passwords";
import type { ResetCodesRepository } from "./reset-codes.repository";
import type { ResetLimits } from "./reset-limits";
import type { SessionsService } from "./sessions.service";

export type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

export const RESET_CODE_RULES = { lifetimeMs: 10 * 60_000, maxTries: 5 } as const;

interface PasswordResetDeps {
  users: AccountsRepository;
  codes: ResetCodesRepository;
  sessions: SessionsService;
  throttle: LoginThrottle;
  limits: ResetLimits;
  mail: AccountMail;
  /** Server key for the codes' HMAC. */
  secret: string;
  now: () => Date;
  /** The code and its mail, or the new password and its notice, are stored together (the mail as facts, rendered after). */
  transaction: TransactionOpener;
}

/**
 * Forgotten passwords: a 10-digit code by mail (secure random, stored as an HMAC, single use, 10 minutes, 5 tries),
 * with per-account caps on codes mailed and wrong codes tried (RESET_LIMITS).
 */
export function createPasswordResetService({ users, codes, sessions, throttle, limits, mail, secret, now, transaction }: PasswordResetDeps) {
  const codeHash = (userId: string, code: string) => createHmac("sha256", secret).update(`password-reset:${userId}:${code}`).digest("base64url");
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const codeInvalid = () => DomainError.field("code", "accounts.codeInvalid");

  return {
    /**
     * Mails a code when the account exists and has not had its codes for this hour; says nothing either way. A new
     * code replaces the previous one.
     */
    async forgot(email: string, locale: Locale): Promise<void> {
      if (!(await limits.mayIssueCode(email))) return;
      const user = await users.findByEmail(email);
      if (!user) return;
      const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, "0");
      const at = now();
      await transaction(async (trx) => {
        await codes.replace(user.id, codeHash(user.id, code), at.toISOString(), new Date(at.getTime() + RESET_CODE_RULES.lifetimeMs).toISOString(), trx);
        await mail.resetCode(user, locale, code, RESET_CODE_RULES.lifetimeMs / 60_000, trx);
      });
    },

    /** Sets the new password when the code is right, ends every sign-in of the account and lifts any sign-in slow-down. */
    async reset(input: ResetPasswordInput, locale: Locale): Promise<void> {
      await refuseCommonPassword(input.password);
      await limits.checkTries(input.email);
      const user = await users.findByEmail(input.email);
      const stored = user && (await codes.spendTry(user.id, now().toISOString(), RESET_CODE_RULES.maxTries));
      if (!user || !stored || !sameHash(stored, codeHash(user.id, input.code)) || !(await codes.consume(user.id, stored))) {
        await limits.wrongCode(input.email);
        throw codeInvalid();
      }
      const passwordHash = await hashPassword(input.password);
      await transaction(async (trx) => {
        await users.setPasswordHash(user.id, passwordHash, now().toISOString(), trx);
        await mail.passwordReset(user, locale, trx);
      });
      await sessions.endAllOf(user.id);
      await throttle.cleared(user.email);
      await limits.succeeded(user.email);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
