import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { UsersTable } from "./accounts.tables";

/** A user as read with selectAll; `blocked_at` may be left out when writing one. */
export type UserRow = Omit<Selectable<UsersTable>, "blocked_at"> & { blocked_at?: string | null };
export type NewUser = Omit<UserRow, "updated_at" | "billing_json" | "closed_at">;
export type ProfileFields = Pick<UserRow, "first_name" | "last_name" | "country" | "company" | "city" | "zip_code" | "address">;

/** True when `error` is a unique-key violation (SQLite or PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const { code } = error as { code?: string };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

export function createAccountsRepository(db: Kysely<Database>) {
  return {
    async findByEmail(email: string, trx: Kysely<Database> = db): Promise<UserRow | undefined> {
      return trx.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
    },

    async findById(id: string, trx: Kysely<Database> = db): Promise<UserRow | undefined> {
      return trx.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** False when the email is taken (checked by the unique key, so two sign-ups at once cannot both win). */
    async insert(user: NewUser, trx: Kysely<Database> = db): Promise<boolean> {
      try {
        await trx.insertInto("users").values({ ...user, updated_at: user.created_at }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async updateProfile(id: string, fields: ProfileFields, at: string, trx: Kysely<Database> = db): Promise<UserRow | undefined> {
      return trx.updateTable("users").set({ ...fields, updated_at: at }).where("id", "=", id).where("closed_at", "is", null).returningAll().executeTakeFirst();
    },

    async setPasswordHash(id: string, passwordHash: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: at }).where("id", "=", id).execute();
    },

    /** A closed account keeps none: an order or deposit that raced the closing remembers nothing afterwards. */
    async setBilling(id: string, billingJson: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("users").set({ billing_json: billingJson, updated_at: at }).where("id", "=", id).where("closed_at", "is", null).execute();
    },

    /**
     * Closing: every personal field erased, the e-mail freed for a new sign-up (a unique placeholder keeps the key),
     * the password unusable. The row stays so the ledger and issued documents still point at it.
     */
    async anonymise(id: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("users")
        .set({
          email: `closed-${id}@closed.invalid`,
          first_name: "",
          last_name: "",
          company: "",
          city: "",
          zip_code: "",
          address: "",
          password_hash: "closed",
          billing_json: null,
          closed_at: at,
          updated_at: at,
        })
        .where("id", "=", id)
        .execute();
    },

    async setRole(id: string, role: UserRow["role"], at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("users").set({ role, updated_at: at }).where("id", "=", id).execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
