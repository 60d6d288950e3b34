import { randomUUID } from "node:crypto";
import type { AccountsRepository, UserRow } from "./accounts.repository";
import { hashPassword } from "./passwords";

/** A seeded customer's profile: the columns a person fills in, and the password. */
export type SeededProfile = Omit<
  UserRow,
  "id" | "password_hash" | "role" | "created_at" | "updated_at" | "billing_json" | "closed_at"
> & { password: string };

/** Accounts made at start, without mail or sign-in: the demo customer and the configured admin. */
export interface SeededAccounts {
  /**
   * A customer made at start (the demo customer): created with this profile when the address is unknown, without
   * mail or sign-in; an existing account is left as it is. Answers the account's id.
   */
  ensureCustomer(profile: SeededProfile, role?: "customer" | "writer" | "manager"): Promise<string>;
  /**
   * ADMIN_EMAIL/ADMIN_PASSWORD: creates the admin account (it enrols its second factor at its first sign-in). An
   * existing staff account is left as it is; an existing customer account is never promoted ("refused"): anyone
   * could have registered that address in advance and would become admin with their own password.
   */
  ensureAdmin(email: string, password: string): Promise<"created" | "exists" | "refused">;
}

export function createSeededAccounts({ users, now }: { users: AccountsRepository; now: () => Date }): SeededAccounts {
  return {
    async ensureCustomer(profile, role = "customer") {
      const { password, ...fields } = profile;
      const existing = await users.findByEmail(fields.email);
      if (existing) return existing.id;
      const at = now().toISOString();
      const user: UserRow = {
        ...fields,
        id: randomUUID(),
        password_hash: await hashPassword(password),
        role,
        created_at: at,
        updated_at: at,
        billing_json: null,
        closed_at: null,
      };
      if (await users.insert(user)) return user.id;
      // Another instance made it first.
      const made = await users.findByEmail(fields.email);
      if (!made) throw new Error(`the account ${fields.email} was neither made nor found`);
      return made.id;
    },

    async ensureAdmin(email, password) {
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
