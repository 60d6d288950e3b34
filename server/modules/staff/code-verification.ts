import type { Kysely } from "kysely";
import type { TokenPair } from "../../../contract/accounts";
import type { Database } from "../../db/schema";
import type { AuditService } from "../audit";
import type { CodeAttempt, CodeStep } from "./code-step";
import type { StaffRepository } from "./staff.repository";
import { totpStep } from "./totp";

export interface CodeVerificationDeps {
  db: Kysely<Database>;
  repository: StaffRepository;
  steps: CodeStep;
  audit: AuditService;
  now: () => Date;
  recoveryHash: (userId: string, code: string) => string;
}

/** Code step: a TOTP code of an unused time step, or an unused recovery code; answers the tokens. */
export function createCodeVerification({ db, repository, steps, audit, now, recoveryHash }: CodeVerificationDeps) {
  /** Spends the recovery code and audits its use, together; false when it is unknown or used. */
  const useRecoveryCode = ({ challenge, address }: CodeAttempt, code: string, at: Date) =>
    db.transaction().execute(async (trx) => {
      if (
        !(await repository.useRecoveryCode(
          challenge.userId,
          recoveryHash(challenge.userId, code),
          at.toISOString(),
          trx,
        ))
      )
        return false;
      await audit.record(
        {
          actor: { id: challenge.userId, role: challenge.role },
          ip: address,
          action: "staff.recovery_code_used",
          subject: { type: "staff", id: challenge.userId },
        },
        trx,
      );
      return true;
    });

  return async function verify(input: { challenge: string; code: string }, address = "in-process"): Promise<TokenPair> {
    const attempt = await steps.begin(input.challenge, address, (account) => account.totp_secret);
    const code = input.code.replace(/[\s-]/g, "").toLowerCase();
    const at = now();
    if (/^\d{6}$/.test(code)) {
      const step = totpStep(attempt.secret, code, at.getTime());
      if (step === null) return steps.wrongCode(attempt, "staff.codeWrong");
      if (!(await repository.claimStep(attempt.challenge.userId, step, at.toISOString())))
        return steps.wrongCode(attempt, "staff.codeReused");
    } else if (code.length === 10) {
      if (!(await useRecoveryCode(attempt, code, at))) return steps.wrongCode(attempt, "staff.recoveryCodeWrong");
    } else {
      return steps.wrongCode(attempt, "staff.codeFormat");
    }
    return steps.signedIn(attempt);
  };
}
