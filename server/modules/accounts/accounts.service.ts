import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type {
  BillingDetails,
  changePasswordRequestSchema,
  loginRequestSchema,
  Profile,
  registerRequestSchema,
  TokenPair,
  updateProfileRequestSchema,
} from "../../../contract/accounts";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { Locale } from "../../i18n/messages";
import type { AccountMail } from "./account-mail";
import type { AccountsRepository, UserRow } from "./accounts.repository";
import { refuseCommonPassword } from "./common-passwords";
import type { LoginThrottle } from "./login-throttle";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { SessionsService } from "./sessions.service";

export type RegisterInput = z.output<typeof registerRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileRequestSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

export function toProfile(user: UserRow): Profile {
  const billing = user.billing_json ? (JSON.parse(user.billing_json) as BillingDetails) : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    country: user.country,
    company: user.company,
    city: user.city,
    zipCode: user.zip_code,
    address: user.address,
    role: user.role,
    createdAt: user.created_at,
    billing,
  };
}

interface AccountsDeps {
  users: AccountsRepository;
  sessions: SessionsService;
  throttle: LoginThrottle;
  mail: AccountMail;
  now: () => Date;
}

/** Sign-up, sign-in, profile and password change. Inputs arrive validated and normalised by the contract schemas. */
export function createAccountsService({ users, sessions, throttle, mail, now }: AccountsDeps) {
  const existingUser = async (userId: string) => {
    const user = await users.findById(userId);
    if (!user || user.closed_at) throw DomainError.unauthenticated();
    return user;
  };

  /**
   * The password step of a sign-in, throttled (decision 0022): the account when the password is right (rehashed if
   * its parameters are old), else the one "invalid credentials" answer. The caller clears the throttle on success.
   */
  const checkPassword = async (input: { email: string; password: string }, address = "in-process"): Promise<UserRow> => {
    await throttle.check(input.email, address);
    const user = await users.findByEmail(input.email);
    const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
    if (!user || !valid) {
      await throttle.failed(input.email, address);
      throw DomainError.field("", "accounts.invalidCredentials");
    }
    if (needsRehash(user.password_hash)) await users.setPasswordHash(user.id, await hashPassword(input.password), now().toISOString());
    return user;
  };

  return {
    /** Creates a customer and signs them in; answers the pair and the new user's id. */
    async register(input: RegisterInput, locale: Locale): Promise<TokenPair & { userId: string }> {
      refuseCommonPassword(input.password);
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
      if (!(await users.insert(user))) throw DomainError.field("email", "accounts.emailTaken");
      await mail.welcome(user, locale);
      return { ...(await sessions.start(user, input.rememberMe)), userId: user.id };
    },

    /**
     * One answer for an unknown email and a wrong password, in the same time (a dummy hash is checked). `address`
     * is the caller's IP address, which the sign-in slow-down counts by.
     */
    async login(input: LoginInput, address = "in-process"): Promise<TokenPair> {
      const user = await checkPassword(input, address);
      // Staff sign in with a second factor, at /admin/sign-in (server/modules/staff/staff-auth.service.ts).
      if (user.role !== "customer") throw DomainError.field("", "accounts.staffSignInElsewhere");
      await throttle.succeeded(input.email, address);
      // Blocked in the back office: the password was right, so saying why gives nothing away.
      if (user.blocked_at) throw DomainError.field("", "accounts.blocked");
      return sessions.start(user, input.rememberMe);
    },

    checkPassword,

    refresh: (refreshToken: string): Promise<TokenPair> => sessions.refresh(refreshToken),

    logout: (refreshToken: string): Promise<void> => sessions.endByToken(refreshToken),

    async profile(userId: string): Promise<Profile> {
      return toProfile(await existingUser(userId));
    },

    async updateProfile(userId: string, input: UpdateProfileInput): Promise<Profile> {
      const updated = await users.updateProfile(
        userId,
        {
          first_name: input.firstName,
          last_name: input.lastName,
          country: input.country,
          company: input.company,
          city: input.city,
          zip_code: input.zipCode,
          address: input.address,
        },
        now().toISOString(),
      );
      if (!updated) throw DomainError.unauthenticated();
      return toProfile(updated);
    },

    /** Remembers billing details (checked by the contract's schema) to prefill the next deposit or order. */
    async rememberBilling(userId: string, billing: BillingDetails, trx?: Kysely<Database>): Promise<void> {
      await users.setBilling(userId, JSON.stringify(billing), now().toISOString(), trx);
    },

    /** POST /api/accounts/billing: saves the billing details and answers the profile with them. */
    async updateBilling(userId: string, billing: BillingDetails): Promise<Profile> {
      await existingUser(userId);
      await users.setBilling(userId, JSON.stringify(billing), now().toISOString());
      return toProfile(await existingUser(userId));
    },

    /**
     * The first step of closing an account: the password must be right (400 at `password` otherwise). Answers the
     * user as it was, for the privacy module to erase the rest.
     */
    async verifyForClosing(userId: string, password: string): Promise<UserRow> {
      const user = await existingUser(userId);
      if (!(await verifyPassword(user.password_hash, password))) throw DomainError.field("password", "accounts.currentPasswordWrong");
      return user;
    },

    /**
     * Closing, inside the privacy module's transaction (the user's row already locked): every sign-in ended and the
     * account's personal data erased; its e-mail can register again. Answers the step to run after commit that
     * refuses the ended sign-ins' access tokens at once.
     */
    async close(trx: Kysely<Database>, userId: string): Promise<() => Promise<void>> {
      const refuseTokens = await sessions.endAllWithin(trx, userId);
      await users.anonymise(userId, now().toISOString(), trx);
      return refuseTokens;
    },

    /** Checks the current password, sets the new one and ends every other sign-in of the user. */
    async changePassword(userId: string, sessionId: string, input: ChangePasswordInput, locale: Locale): Promise<void> {
      const user = await existingUser(userId);
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw DomainError.field("currentPassword", "accounts.currentPasswordWrong");
      }
      refuseCommonPassword(input.password);
      await users.setPasswordHash(user.id, await hashPassword(input.password), now().toISOString());
      await sessions.endAllOf(user.id, sessionId);
      await mail.passwordChanged(user, locale);
    },

    /**
     * A customer made at start (the demo customer): created with this profile when the address is unknown, without
     * mail or sign-in; an existing account is left as it is. Answers the account's id.
     */
    async ensureCustomer(profile: Omit<UserRow, "id" | "password_hash" | "role" | "created_at" | "updated_at" | "billing_json" | "closed_at"> & { password: string }, role: "customer" | "writer" = "customer"): Promise<string> {
      const { password, ...fields } = profile;
      const existing = await users.findByEmail(fields.email);
      if (existing) return existing.id;
      const at = now().toISOString();
      const user: UserRow = { ...fields, id: randomUUID(), password_hash: await hashPassword(password), role, created_at: at, updated_at: at, billing_json: null, closed_at: null };
      if (await users.insert(user)) return user.id;
      // Another instance made it first.
      return (await users.findByEmail(fields.email))!.id;
    },

    /**
     * ADMIN_EMAIL/ADMIN_PASSWORD: creates the admin account (it enrols its second factor at its first sign-in). An
     * existing staff account is left as it is; an existing customer account is never promoted ("refused"): anyone
     * could have registered that address in advance and would become admin with their own password.
     */
    async ensureAdmin(email: string, password: string): Promise<"created" | "exists" | "refused"> {
      const address = email.trim().toLowerCase();
      const at = now().toISOString();
      const existing = await users.findByEmail(address);
      if (existing) return existing.role === "customer" ? "refused" : "exists";
      await users.insert({
        id: randomUUID(),
        email: address,
        first_name: "Admin",
        last_name: "Scriptorium",
        country: "ES",
        company: "",
        city: "",
        zip_code: "",
        address: "",
        password_hash: await hashPassword(password),
        role: "admin",
        created_at: at,
      });
      return "created";
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
