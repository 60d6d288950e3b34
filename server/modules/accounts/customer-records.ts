import type { Kysely, Selectable } from "kysely";
import { matchesWords, searchWords } from "../../db/full-text";
import type { Database } from "../../db/schema";
import type { UsersTable } from "./accounts.tables";

const SEARCH_PAGE = 50;

/** The columns of a customer's `users` row that the back office lists. */
export type CustomerRow = Pick<Selectable<UsersTable>, "id" | "email" | "first_name" | "last_name" | "country" | "company" | "city" | "created_at" | "blocked_at">;

/** Customer accounts as the back office's customers page reads them (search, one, by e-mail) and blocks them. */
export function createCustomerRecords(db: Kysely<Database>) {
  const customerColumns = ["id", "email", "first_name", "last_name", "country", "company", "city", "created_at", "blocked_at"] as const;
  return {
    async search(text: string, trx: Kysely<Database> = db): Promise<CustomerRow[]> {
      let query = trx.selectFrom("users").select(customerColumns).where("role", "=", "customer");
      if (text.trim()) {
        // Every word a prefix of a word of the e-mail, name or company (the accounts' full-text index).
        const words = searchWords(text);
        if (words.length === 0) return [];
        query = query.where("id", "in", trx.selectFrom("user_search").select("user_search.user_id").where(matchesWords(trx, "user_search", words)));
      }
      return (await query.orderBy("created_at", "desc").orderBy("id").limit(SEARCH_PAGE).execute()) as CustomerRow[];
    },

    async find(id: string, trx: Kysely<Database> = db): Promise<CustomerRow | undefined> {
      return (await trx.selectFrom("users").select(customerColumns).where("id", "=", id).where("role", "=", "customer").executeTakeFirst()) as CustomerRow | undefined;
    },

    async findByEmail(email: string, trx: Kysely<Database> = db): Promise<CustomerRow | undefined> {
      return (await trx
        .selectFrom("users")
        .select(customerColumns)
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
        .where("role", "=", "customer")
        .executeTakeFirst()) as CustomerRow | undefined;
    },

    async setBlocked(id: string, blockedAt: string | null, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("users").set({ blocked_at: blockedAt }).where("id", "=", id).execute();
    },
  };
}

export type CustomerRecords = ReturnType<typeof createCustomerRecords>;
