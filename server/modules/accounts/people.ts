import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { UserRole } from "../../../contract/accounts";
import { matchesWords, searchWords } from "../../db/full-text";
import { createAccountsRepository } from "./accounts.repository";

/** What other modules may know of a person: who they are and their role, never the password or billing. */
export interface Person {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: UserRole;
  created_at: string;
}

/** At most this many ids come back for a customer search (the queue filters `user_id in (...)` with them). */
export const PREFIX_MATCH_LIMIT = 1000;

/**
 * The people directory of the accounts module: the only way another module reads the users table. Every read takes
 * the caller's transaction as an optional last argument, so a caller inside one sees its own writes and holds its locks.
 */
export function createPeople(db: Kysely<Database>) {
  const columns = ["id", "email", "first_name", "last_name", "role", "created_at"] as const;
  const users = createAccountsRepository(db);
  return {
    /** The people with these ids (one query, however many; unknown ids are left out). */
    async byIds(ids: readonly string[], trx: Kysely<Database> = db): Promise<Person[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      return trx.selectFrom("users").select(columns).where("id", "in", unique).execute();
    },

    /** A map id → person for these ids (the batch lookup after a page of rows). */
    async mapOf(ids: readonly string[], trx: Kysely<Database> = db): Promise<Map<string, Person>> {
      return new Map((await this.byIds(ids, trx)).map((person) => [person.id, person]));
    },

    /** The people with these ids and whether each is blocked, in one query (a page of the order queue). */
    async cardsOf(ids: readonly string[], trx: Kysely<Database> = db): Promise<Map<string, Person & { blocked: boolean }>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await trx.selectFrom("users").select([...columns, "blocked_at"]).where("id", "in", unique).execute();
      return new Map(rows.map(({ blocked_at, ...person }) => [person.id, { ...person, blocked: blocked_at !== null }]));
    },

    /** Of `ids`, the accounts that are blocked (one query): the back office marks their work. */
    async blockedAmong(ids: readonly string[], trx: Kysely<Database> = db): Promise<string[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      return (await trx.selectFrom("users").select("id").where("id", "in", unique).where("blocked_at", "is not", null).execute()).map((row) => row.id);
    },

    /** One person, or undefined. */
    async byId(id: string, trx: Kysely<Database> = db): Promise<Person | undefined> {
      return trx.selectFrom("users").select(columns).where("id", "=", id).executeTakeFirst();
    },

    /** The person with this (lower-case) e-mail, or undefined. */
    async byEmail(email: string, trx: Kysely<Database> = db): Promise<Person | undefined> {
      return trx.selectFrom("users").select(columns).where("email", "=", email).executeTakeFirst();
    },

    /** Gives a person a staff role (the staff module decides who may; accounts keeps the row). */
    async setRole(id: string, role: UserRole, at: string, trx: Kysely<Database> = db): Promise<void> {
      await users.setRole(id, role, at, trx);
    },

    /** A staff account made from an accepted invitation; false when the e-mail is taken. */
    async createStaffUser(user: { id: string; email: string; first_name: string; last_name: string; password_hash: string; role: UserRole; at: string }, trx: Kysely<Database> = db): Promise<boolean> {
      const { at, ...fields } = user;
      return users.insert({ ...fields, country: "ES", company: "", city: "", zip_code: "", address: "", created_at: at }, trx);
    },

    /** The id of the account with this (lower-case) e-mail, or undefined. */
    async idByEmail(email: string, trx: Kysely<Database> = db): Promise<string | undefined> {
      return (await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst())?.id;
    },

    /**
     * Ids of the customers whose e-mail, name or company holds every word of `text` (each a prefix: `halefintech`
     * finds ada@halefintech.com), through the accounts' full-text index; at most PREFIX_MATCH_LIMIT of them.
     */
    async customerIdsMatching(text: string, trx: Kysely<Database> = db): Promise<string[]> {
      const words = searchWords(text);
      if (words.length === 0) return [];
      const rows = await trx
        .selectFrom("user_search")
        .innerJoin("users", "users.id", "user_search.user_id")
        .select("users.id")
        .where(matchesWords(trx, "user_search", words))
        .where("users.role", "=", "customer")
        .limit(PREFIX_MATCH_LIMIT)
        .execute();
      return rows.map((row) => row.id);
    },

    /** People with one of these roles, by name. */
    async withRoles(roles: readonly UserRole[], trx: Kysely<Database> = db): Promise<Person[]> {
      if (roles.length === 0) return [];
      return trx.selectFrom("users").select(columns).where("role", "in", [...roles]).orderBy("first_name").orderBy("last_name").execute();
    },
  };
}

export type People = ReturnType<typeof createPeople>;

/** "First Last", trimmed (empty when neither is known). */
export const fullNameOf = (person: Pick<Person, "first_name" | "last_name"> | undefined): string =>
  person ? `${person.first_name} ${person.last_name}`.trim() : "";
