import type { BillingDetails, Profile, updateProfileRequestSchema } from "../../../contract/accounts";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { AccountsRepository, UserRow } from "./accounts.repository";
import type { PersonRenamed } from "./person-renamed";
import type { TransactionOpener } from "../../platform/transactions";

export type UpdateProfileInput = z.output<typeof updateProfileRequestSchema>;

/** The account as its owner sees it. */
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

/** The signed-in user's account; a closed or unknown one is 401 (its sign-ins have ended). */
export async function existingUser(users: AccountsRepository, userId: string): Promise<UserRow> {
  const user = await users.findById(userId);
  if (!user || user.closed_at) throw DomainError.unauthenticated();
  return user;
}

/** Reading and changing the profile and the remembered billing details. */
export interface AccountProfile {
  profile(userId: string): Promise<Profile>;
  updateProfile(userId: string, input: UpdateProfileInput): Promise<Profile>;
  /** Remembers billing details (checked by the contract's schema) to prefill the next deposit or order. */
  /** In the caller's transaction when given (an order remembers its billing where the account's row is locked already). */
  rememberBilling(userId: string, billing: BillingDetails, trx?: Kysely<Database>): Promise<void>;
  /** POST /api/accounts/billing: saves the billing details and answers the profile with them. */
  updateBilling(userId: string, billing: BillingDetails): Promise<Profile>;
}

export function createAccountProfile({ users, now, transaction, renamed }: { users: AccountsRepository; now: () => Date; transaction?: TransactionOpener; renamed?: PersonRenamed }): AccountProfile {
  return {
    profile: async (userId) => toProfile(await existingUser(users, userId)),

    async updateProfile(userId, input) {
      const fields = {
        first_name: input.firstName,
        last_name: input.lastName,
        country: input.country,
        company: input.company,
        city: input.city,
        zip_code: input.zipCode,
        address: input.address,
      };
      const at = now().toISOString();
      // The new name reaches what other modules keep of it (the order queue's sort keys) in the same transaction.
      const updated = transaction && renamed
        ? await transaction(async (trx) => {
          const row = await users.updateProfile(userId, fields, at, trx);
          if (row) await renamed(userId, row, trx);
          return row;
        })
        : await users.updateProfile(userId, fields, at);
      if (!updated) throw DomainError.unauthenticated();
      return toProfile(updated);
    },

    async rememberBilling(userId, billing, trx) {
      await users.setBilling(userId, JSON.stringify(billing), now().toISOString(), trx);
    },

    async updateBilling(userId, billing) {
      await existingUser(users, userId);
      await users.setBilling(userId, JSON.stringify(billing), now().toISOString());
      return toProfile(await existingUser(users, userId));
    },
  };
}
