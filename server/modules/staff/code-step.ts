import type { TokenPair } from "../../../contract/accounts";
import { DomainError } from "../../platform/domain-error";
import type { AuditService } from "../audit";
import { type Challenge, CHALLENGE_RULES, type StaffChallenges } from "./staff-challenges";
import type { StaffAccountRow, StaffRepository } from "./staff.repository";

/** The accounts module's parts the staff sign-in uses (decision 0022): codes are throttled with passwords. */
export interface StaffSignInAccounts {
  checkPassword(
    input: { email: string; password: string },
    address?: string,
  ): Promise<{ id: string; email: string; role: string }>;
  profile(userId: string): Promise<{ id: string; email: string; role: string }>;
  sessions: { start(user: { id: string; role: never }, rememberMe: boolean): Promise<TokenPair> };
  throttle: {
    check(email: string, address: string): Promise<void>;
    failed(email: string, address: string): Promise<void>;
    succeeded(email: string, address: string): Promise<void>;
  };
}

/** An attempt at a code, begun: its challenge, the secret the code is checked against and the attempt's number. */
export interface CodeAttempt {
  token: string;
  challenge: Challenge;
  secret: string;
  attempt: number;
  address: string;
}

/** What the code step and the enrolment share: beginning an attempt, a wrong code, a completed sign-in. */
export interface CodeStep {
  /** The challenge read, the throttle checked, the account active with the secret `secretOf` picks, an attempt taken. */
  begin(token: string, address: string, secretOf: (account: StaffAccountRow) => string | null): Promise<CodeAttempt>;
  /**
   * A wrong code: audited, counted against the account and address, and the challenge dies at the fifth attempt.
   * The attempt counter is left to expire on its own: deleting it would let a parallel request start again at one.
   */
  wrongCode(attempt: CodeAttempt, key: string): Promise<never>;
  /** The challenge ends, the throttle forgets the failures, the sign-in is audited and starts. */
  signedIn(attempt: CodeAttempt): Promise<TokenPair>;
  /** The staff account, unless deactivated (or gone: the challenge is then dead). */
  activeAccount(userId: string): Promise<StaffAccountRow>;
}

export interface CodeStepDeps {
  repository: StaffRepository;
  accounts: StaffSignInAccounts;
  challenges: StaffChallenges;
  audit: AuditService;
}

export function createCodeStep({ repository, accounts, challenges, audit }: CodeStepDeps): CodeStep {
  const activeAccount = async (userId: string) => {
    const account = await repository.account(userId);
    if (!account) throw DomainError.field("", "staff.challengeExpired");
    if (account.deactivated_at) throw DomainError.field("", "staff.deactivated");
    return account;
  };
  return {
    activeAccount,

    async begin(token, address, secretOf) {
      const challenge = await challenges.read(token);
      await accounts.throttle.check(challenge.email, address);
      const secret = secretOf(await activeAccount(challenge.userId));
      if (!secret) throw DomainError.field("", "staff.challengeExpired");
      return { token, challenge, secret, attempt: await challenges.takeAttempt(token), address };
    },

    async wrongCode({ token, challenge, attempt, address }, key) {
      await audit.record({
        actor: { id: challenge.userId, role: challenge.role },
        ip: address,
        action: "staff.code_failed",
        subject: { type: "staff", id: challenge.userId },
        note: key.replace("staff.", ""),
      });
      await accounts.throttle.failed(challenge.email, address);
      if (attempt >= CHALLENGE_RULES.maxWrongCodes) {
        await challenges.end(token);
        throw DomainError.field("", "staff.challengeExpired");
      }
      throw DomainError.field("code", key);
    },

    async signedIn({ token, challenge, address }) {
      await challenges.end(token);
      await accounts.throttle.succeeded(challenge.email, address);
      const user = await accounts.profile(challenge.userId);
      await audit.record({
        actor: { id: user.id, role: user.role },
        ip: address,
        action: "staff.sign_in",
        subject: { type: "staff", id: user.id },
      });
      return accounts.sessions.start({ id: user.id, role: user.role as never }, challenge.rememberMe);
    },
  };
}
