import type { Kysely } from "kysely";
import type { TokenPair } from "../../../contract/accounts";
import { isStaffRole, type StaffChallenge, type StaffTokens } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { ExpiringStore } from "../../platform/expiring-store";
import type { People } from "../accounts";
import type { AuditService } from "../audit";
import { createCodeStep, type StaffSignInAccounts } from "./code-step";
import { createCodeVerification } from "./code-verification";
import { recoveryHasher } from "./recovery-codes";
import { createStaffChallenges } from "./staff-challenges";
import type { StaffRepository } from "./staff.repository";
import { createTotpEnrolment } from "./totp-enrolment";
import { newTotpSecret, totpEnrolment } from "./totp";

interface StaffUser {
  id: string;
  email: string;
  role: string;
}

export interface StaffAuthDeps {
  db: Kysely<Database>;
  repository: StaffRepository;
  /** The accounts module's password step, sign-ins and login throttle (decision 0022): codes are throttled with passwords. */
  accounts: StaffSignInAccounts;
  /** Who an e-mail belongs to (the accounts module's directory). */
  people: Pick<People, "byEmail">;
  store: ExpiringStore;
  audit: AuditService;
  clock: Clock;
  /** Keys the recovery codes' HMAC. */
  secret: string;
}

/** The staff sign-in's steps. */
export interface StaffAuth {
  /** The next step for a staff user who proved their password (or accepted an invitation): a code, or enrolment. */
  challenge(user: StaffUser, rememberMe: boolean): Promise<StaffChallenge>;
  /** Password step. A customer account is refused here (customers sign in at /auth/sign-in). */
  signIn(input: { email: string; password: string; rememberMe: boolean }, address?: string): Promise<StaffChallenge>;
  /** Code step: a TOTP code of an unused time step, or an unused recovery code. */
  verify(input: { challenge: string; code: string }, address?: string): Promise<TokenPair>;
  /** Enrolment: a first right code confirms the secret shown; ten recovery codes are made and answered once. */
  confirmEnrolment(input: { challenge: string; code: string }, address?: string): Promise<StaffTokens>;
}

/**
 * The staff sign-in (docs/decisions/0030-staff-totp-and-recovery-codes.md): password, then a TOTP code (or a
 * recovery code), or, the first time, enrolment: a secret shown as a QR code, confirmed by a first code, and ten
 * recovery codes shown once. Codes count in the same login throttle as passwords; a code's time step is used once.
 */
export function createStaffAuth({
  db,
  repository,
  accounts,
  people,
  store,
  audit,
  clock,
  secret,
}: StaffAuthDeps): StaffAuth {
  const now = () => clock.now();
  const challenges = createStaffChallenges(store);
  const steps = createCodeStep({ repository, accounts, challenges, audit });
  const recoveryHash = recoveryHasher(secret);

  /** A wrong password for a staff account is audited (an unknown email or a customer's is not: no subject). */
  const passwordRefused = async (error: unknown, email: string, address: string): Promise<never> => {
    if (error instanceof DomainError && error.fields?.[""]?.[0]?.key === "accounts.invalidCredentials") {
      const user = await people.byEmail(email);
      if (user && isStaffRole(user.role))
        await audit.record({
          actor: { id: user.id, role: user.role },
          ip: address,
          action: "staff.password_failed",
          subject: { type: "staff", id: user.id },
        });
    }
    throw error;
  };

  const challenge: StaffAuth["challenge"] = async (user, rememberMe) => {
    const at = now().toISOString();
    await repository.ensureAccount(user.id, at);
    const account = await steps.activeAccount(user.id);
    const token = await challenges.open({ userId: user.id, email: user.email, role: user.role, rememberMe });
    if (account.totp_secret) return { step: "code", challenge: token };
    const pending = newTotpSecret();
    await repository.setPendingSecret(user.id, pending, at);
    return { step: "enrol", challenge: token, enrolment: await totpEnrolment(pending, user.email) };
  };

  return {
    challenge,
    async signIn(input, address = "in-process") {
      const user = await accounts
        .checkPassword(input, address)
        .catch((error: unknown) => passwordRefused(error, input.email, address));
      if (!isStaffRole(user.role)) throw DomainError.field("", "staff.notStaff");
      return challenge(user, input.rememberMe);
    },
    verify: createCodeVerification({ db, repository, steps, audit, now, recoveryHash }),
    confirmEnrolment: createTotpEnrolment({ db, repository, steps, audit, now, recoveryHash }),
  };
}
