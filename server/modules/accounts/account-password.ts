import type { Kysely } from "kysely";
import type { z } from "zod";
import type { changePasswordRequestSchema } from "../../../contract/accounts";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import type { TransactionOpener } from "../../platform/transactions";
import type { AccountMail } from "./account-mail";
import { existingUser } from "./account-profile";
import type { AccountsRepository, UserRow } from "./accounts.repository";
import { refuseCommonPassword } from "./common-passwords";
import { hashPassword, verifyPassword } from "./passwords";
import type { SessionsService } from "./sessions.service";
import type { PersonRenamed } from "./person-renamed";

export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

/** What the account's own password guards: changing it, and closing the account. */
export interface AccountPassword {
  /** Checks the current password, sets the new one and ends every other sign-in of the user. */
  changePassword(userId: string, sessionId: string, input: ChangePasswordInput, locale: Locale): Promise<void>;
  /**
   * The first step of closing an account: the password must be right (400 at `password` otherwise). Answers the
   * user as it was, for the privacy module to erase the rest.
   */
  verifyForClosing(userId: string, password: string): Promise<UserRow>;
  /**
   * Closing, inside the privacy module's transaction (the user's row already locked): every sign-in ended and the
   * account's personal data erased; its e-mail can register again. Answers the step to run after commit that
   * refuses the ended sign-ins' access tokens at once.
   */
  close(trx: Kysely<Database>, userId: string): Promise<() => Promise<void>>;
}

export interface AccountPasswordDeps {
  users: AccountsRepository;
  sessions: SessionsService;
  mail: AccountMail;
  now: () => Date;
  /** Told that a closed account's name was erased (the orders' sort keys), in the closing transaction. */
  renamed?: PersonRenamed;
  /** The new password and its notice (as facts, rendered after the commit) are stored together. */
  transaction: TransactionOpener;
}

export function createAccountPassword({ users, sessions, mail, now, renamed, transaction }: AccountPasswordDeps): AccountPassword {
  return {
    async changePassword(userId, sessionId, input, locale) {
      const user = await existingUser(users, userId);
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw DomainError.field("currentPassword", "accounts.currentPasswordWrong");
      }
      await refuseCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      await transaction(async (trx) => {
        await users.setPasswordHash(user.id, passwordHash, now().toISOString(), trx);
        await mail.passwordChanged(user, locale, trx);
      });
      await sessions.endAllOf(user.id, sessionId);
    },

    async verifyForClosing(userId, password) {
      const user = await existingUser(users, userId);
      if (!(await verifyPassword(user.password_hash, password)))
        throw DomainError.field("password", "accounts.currentPasswordWrong");
      return user;
    },

    async close(trx, userId) {
      const refuseTokens = await sessions.endAllWithin(trx, userId);
      await users.anonymise(userId, now().toISOString(), trx);
      await renamed?.(userId, { first_name: "", last_name: "" }, trx);
      return refuseTokens;
    },
  };
}
