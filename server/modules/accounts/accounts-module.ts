import type { Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { Database } from "../../db/schema";
import type { MailMessage } from "../mail";
import { createAccessTokens } from "./access-tokens";
import { createAccountMail } from "./account-mail";
import { createAccountsRepository } from "./accounts.repository";
import { createAccountsService } from "./accounts.service";
import type { PersonRenamed } from "./person-renamed";
import { createTransactionOpener } from "../../platform/transactions";
import { systemClock, type Clock } from "../../platform/clock";
import { createExpiringStore, createSharedStore } from "../../platform/expiring-store";
import { createLoginThrottle } from "./login-throttle";
import { createPasswordResetService } from "./password-reset.service";
import { verifyAgainstDummy } from "./passwords";
import { createResetCodesRepository } from "./reset-codes.repository";
import { createResetLimits } from "./reset-limits";
import { createRevokedSessions } from "./revoked-sessions";
import { createSessionsService } from "./sessions.service";
import { createSessionsRepository } from "./sessions.repository";
import { createPeople } from "./people";
import { createCustomerRecords } from "./customer-records";

export interface AccountsModuleDeps {
  db: Kysely<Database>;
  redis: Redis | null;
  mail: { send(message: MailMessage): Promise<void> };
  /** Signs access tokens and keys the reset codes' HMAC. */
  secret: string;
  /** Secrets of earlier rotations: access tokens they signed still verify until they expire (docs/operations.md). */
  previousSecrets?: string[];
  publicUrl: string;
  admin?: { email: string; password: string };
  clock?: Clock;
  /** Told of every change of a person's name, in its transaction (the orders module keeps its queue's sort keys). */
  renamed?: PersonRenamed;
}

/**
 * The accounts domain wired once: sign-up, sign-in, refresh, profile and password calls in one object, plus the
 * access tokens the auth guard checks.
 */
export function createAccountsModule({ db, redis, mail, secret, previousSecrets = [], publicUrl, admin, clock = systemClock, renamed }: AccountsModuleDeps) {
  const now = () => clock.now();
  const store = createExpiringStore(redis, { clock });
  const sessionsRepository = createSessionsRepository(db);
  // The database says which sign-ins ended; Redis (or memory) only caches its answers.
  const revoked = createRevokedSessions(sessionsRepository, createSharedStore(redis, { clock }));
  const accessTokens = createAccessTokens(secret, revoked.has, previousSecrets);
  const users = createAccountsRepository(db);
  const sessions = createSessionsService({ repository: sessionsRepository, accessTokens, revoked, now });
  const throttle = createLoginThrottle(store, clock);
  const accountMail = createAccountMail(mail, publicUrl);
  const transaction = createTransactionOpener(db);
  const accounts = createAccountsService({ users, sessions, throttle, mail: accountMail, now, transaction, renamed });
  const passwordReset = createPasswordResetService({
    users,
    codes: createResetCodesRepository(db),
    sessions,
    throttle,
    limits: createResetLimits(store, () => now().getTime()),
    mail: accountMail,
    secret,
    now,
    transaction,
  });

  return {
    ...accounts,
    ...passwordReset,
    accessTokens,
    /** Who people are (name, e-mail, role) for other modules: the only way they read the users table. */
    people: createPeople(db),
    /** Customer accounts for the back office's customers page: search, look up, block. */
    customerRecords: createCustomerRecords(db),
    /** For the staff sign-in (server/modules/staff): starts and ends sign-ins, and the login throttle codes count in. */
    sessions: { start: sessions.start, endAllOf: sessions.endAllOf },
    throttle,
    /** Ends every sign-in of the user at once (their access tokens are refused from now on). */
    endSignIns: (userId: string): Promise<void> => sessions.endAllOf(userId),
    /** At start: the admin account, old sign-ins forgotten. */
    async prepare(log: (line: string) => void = console.warn): Promise<void> {
      if (admin && (await accounts.ensureAdmin(admin.email, admin.password)) === "refused") {
        log(`ADMIN_EMAIL ${admin.email.trim().toLowerCase()} belongs to a customer account: it was not made staff. Choose another address, or invite the person from /admin/staff.`);
      }
      await sessions.purgeEnded();
    },
    /**
     * Once the store listens (server/after-start.ts): the dummy hash made, so the first unknown-email sign-in is not
     * faster. Its argon2 work (and module) is kept out of the start (issue 27); a sign-in meanwhile awaits the same hash.
     */
    warmUp: (): Promise<false> => verifyAgainstDummy(""),
  };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
