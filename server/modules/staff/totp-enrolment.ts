import type { Kysely } from "kysely";
import type { StaffTokens } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { AuditService } from "../audit";
import type { CodeStep } from "./code-step";
import { newRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-codes";
import type { StaffRepository } from "./staff.repository";
import { totpStep } from "./totp";

export interface TotpEnrolmentDeps {
  db: Kysely<Database>;
  repository: StaffRepository;
  steps: CodeStep;
  audit: AuditService;
  now: () => Date;
  recoveryHash: (userId: string, code: string) => string;
}

/** Enrolment: a first right code confirms the secret shown; ten recovery codes are made and answered once. */
export function createTotpEnrolment({ db, repository, steps, audit, now, recoveryHash }: TotpEnrolmentDeps) {
  return async function confirmEnrolment(
    input: { challenge: string; code: string },
    address = "in-process",
  ): Promise<StaffTokens> {
    const attempt = await steps.begin(input.challenge, address, (account) => account.totp_pending_secret);
    const { challenge, secret: pending } = attempt;
    const code = input.code.replace(/\s/g, "");
    const at = now();
    const step = /^\d{6}$/.test(code) ? totpStep(pending, code, at.getTime()) : null;
    if (step === null) return steps.wrongCode(attempt, /^\d{6}$/.test(code) ? "staff.codeWrong" : "staff.codeFormat");
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = recoveryCodes.map((recovery) => recoveryHash(challenge.userId, recovery.replace("-", "")));
    const confirmed = await db.transaction().execute(async (trx) => {
      if (!(await repository.confirmSecret(challenge.userId, pending, step, at.toISOString(), trx))) return false;
      await repository.replaceRecoveryCodes(challenge.userId, hashes, at.toISOString(), trx);
      await audit.record(
        {
          actor: { id: challenge.userId, role: challenge.role },
          ip: address,
          action: "staff.enrol",
          subject: { type: "staff", id: challenge.userId },
          after: { secondFactor: "totp" },
        },
        trx,
      );
      return true;
    });
    if (!confirmed) throw DomainError.field("", "staff.challengeExpired");
    return { ...(await steps.signedIn(attempt)), recoveryCodes };
  };
}
