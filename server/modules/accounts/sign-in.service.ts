import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { loginRequestSchema, registerRequestSchema, TokenPair } from "../../../contract/accounts";
import type { Locale } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import type { TransactionOpener } from "../../platform/transactions";
import type { AccountMail } from "./account-mail";
import type { AccountsRepository, UserRow } from "./accounts.repository";
import { refuseCommonPassword } from "./common-passwords";
import type { LoginThrottle } from "./login-throttle";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { SessionsService } from "./sessions.service";

export type RegisterInput = z.output<typeof registerRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

/** A customer's way in and out: sign up, sign in, refresh, sign out. */
export interface SignIn {
  /** Creates a customer and signs them in; answers the pair and the new user's id. */
  register(input: RegisterInput, locale: Locale): Promise<TokenPair & { userId: string }>;
  /**
   * One answer for an unknown email and a wrong password, in the same time (a dummy hash is checked). `address`
   * is the caller's IP address, which the sign-in slow-down counts by.
   */
  login(input: LoginInput, address?: string): Promise<TokenPair>;
  /**
   * The password step of a sign-in, throttled (decision 0022): the account when the password is right (rehashed if
   * its parameters are old), else the one "invalid credentials" answer. The caller clears the throttle on success.
   */
  checkPassword(input: { email: string; password: string }, address?: string): Promise<UserRow>;
  refresh(refreshToken: string): Promise<TokenPair>;
  logout(refreshToken: string): Promise<void>;
}

export interface SignInDeps {
  users: AccountsRepository;
  sessions: SessionsService;
  throttle: LoginThrottle;
  mail: AccountMail;
  now: () => Date;
  /** The account and its welcome mail (as facts, rendered after the commit) are stored together. */
  transaction: TransactionOpener;
}

export function createSignIn({ users, sessions, throttle, mail, now, transaction }: SignInDeps): SignIn {
  const checkPassword: SignIn["checkPassword"] = async (input, address = "in-process") => {
    await throttle.check(input.email, address);
    const user = await users.findByEmail(input.email);
    const valid = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !valid) {
      await throttle.failed(input.email, address);
      throw DomainError.field("", "accounts.invalidCredentials");
    }
    if (await needsRehash(user.password_hash))
      await users.setPasswordHash(user.id, await hashPassword(input.password), now().toISOString());
    return user;
  };

  return {
    async register(input, locale) {
      await refuseCommonPassword(input.password);
      const at = now().toISOString();
      const user: UserRow = {
        id: randomUUID(),
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        country: input.country,
        company: "",
        city: "",
        zip_code: "",
        address: "",
        password_hash: await hashPassword(input.password),
        role: "customer",
        created_at: at,
        updated_at: at,
        billing_json: null,
        closed_at: null,
      };
      await transaction(async (trx) => {
        if (!(await users.insert(user, trx))) throw DomainError.field("email", "accounts.emailTaken");
        await mail.welcome(user, locale, trx);
      });
      return { ...(await sessions.start(user, input.rememberMe)), userId: user.id };
    },

    async login(input, address = "in-process") {
      const user = await checkPassword(input, address);
      // Staff sign in with a second factor, at /admin/sign-in (server/modules/staff/staff-auth.service.ts).
      if (user.role !== "customer") throw DomainError.field("", "accounts.staffSignInElsewhere");
      await throttle.succeeded(input.email, address);
      // Blocked in the back office: the password was right, so saying why gives nothing away.
      if (user.blocked_at) throw DomainError.field("", "accounts.blocked");
      return sessions.start(user, input.rememberMe);
    },

    checkPassword,
    refresh: (refreshToken) => sessions.refresh(refreshToken),
    logout: (refreshToken) => sessions.endByToken(refreshToken),
  };
}
