import type { TransactionOpener } from "../../platform/transactions";
import type { PersonRenamed } from "./person-renamed";
import type { AccountMail } from "./account-mail";
import { type AccountPassword, createAccountPassword } from "./account-password";
import { type AccountProfile, createAccountProfile } from "./account-profile";
import type { AccountsRepository } from "./accounts.repository";
import type { LoginThrottle } from "./login-throttle";
import { createSeededAccounts, type SeededAccounts } from "./seeded-accounts";
import type { SessionsService } from "./sessions.service";
import { createSignIn, type SignIn } from "./sign-in.service";

export { toProfile, type UpdateProfileInput } from "./account-profile";
export type { ChangePasswordInput } from "./account-password";
export type { LoginInput, RegisterInput } from "./sign-in.service";

export interface AccountsDeps {
  users: AccountsRepository;
  sessions: SessionsService;
  throttle: LoginThrottle;
  mail: AccountMail;
  now: () => Date;
  /** Runs a change of the account and what other modules keep of it (and its mail, as facts) in one transaction. */
  transaction: TransactionOpener;
  /** Tells other modules a person's name changed or was erased, in the change's transaction (the orders' sort keys). */
  renamed?: PersonRenamed;
}

/** Sign-up, sign-in, profile and password change. Inputs arrive validated and normalised by the contract schemas. */
export type AccountsService = SignIn & AccountProfile & AccountPassword & SeededAccounts;

/** The accounts' use cases, each built from its own file, as one object. */
export function createAccountsService(deps: AccountsDeps): AccountsService {
  return {
    ...createSignIn(deps),
    ...createAccountProfile(deps),
    ...createAccountPassword(deps),
    ...createSeededAccounts(deps),
  };
}
