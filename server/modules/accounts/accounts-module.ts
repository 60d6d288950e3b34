import type { Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { Database } from "../../db/schema";
import type { MailMessage } from "../mail/mail.service";
import { createAccessTokens } from "./access-tokens";
import { createAccountMail } from "./account-mail";
import { createAccountsRepository } from "./accounts.repository";
import { createAccountsService } from "./accounts.service";
import { systemClock, type Clock } from "../../platform/clock";
import { createExpiringStore } from "../../platform/expiring-store";
import { createLoginThrottle } from "./login-throttle";
import { createPasswordResetService } from "./password-reset.service";
import { verifyAgainstDummy } from "./passwords";
import { createResetCodesRepository } from "./reset-codes.repository";
import { createRevokedSessions, createSessionsService } from "./sessions.service";
import { createSessionsRepository } from "./sessions.repository";

export interface AccountsModuleDeps {
  db: Kysely<Database>;
  redis: Redis | null;
  mail: { send(message: MailMessage): Promise<void> };
  /** Signs access tokens and keys the reset codes' HMAC. */
  secret: string;
  publicUrl: string;
  admin?: { email: string; password: string };
  clock?: Clock;
}

/**
 * The accounts domain wired once: sign-up, sign-in, refresh, profile and password calls in one object, plus the
 * access tokens the auth guard checks.
 */
export function createAccountsModule({ db, redis, mail, secret, publicUrl, admin, clock = systemClock }: AccountsModuleDeps) {
  const now = () => clock.now();
  const store = createExpiringStore(redis, { clock });
  const revoked = createRevokedSessions(store);
  const accessTokens = createAccessTokens(secret, revoked.has);
  const users = createAccountsRepository(db);
  const sessions = createSessionsService({ repository: createSessionsRepository(db), accessTokens, revoked, now });
  const throttle = createLoginThrottle(store, clock);
  const accountMail = createAccountMail(mail, publicUrl);
  const accounts = createAccountsService({ users, sessions, throttle, mail: accountMail, now });
  const passwordReset = createPasswordResetService({
    users,
    codes: createResetCodesRepository(db),
    sessions,
    throttle,
    mail: accountMail,
    secret,
    now,
  });

  return {
    ...accounts,
    ...passwordReset,
    accessTokens,
    /** At start: the admin account, old sign-ins forgotten, the dummy hash ready so the first unknown-email sign-in is not faster. */
    async prepare(): Promise<void> {
      if (admin) await accounts.ensureAdmin(admin.email, admin.password);
      await sessions.purgeEnded();
      await verifyAgainstDummy("");
    },
  };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
