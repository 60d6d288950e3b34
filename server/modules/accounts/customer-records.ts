import { sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { UsersTable } from "./accounts.tables";

const SEARCH_PAGE = 50;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns of a customer's `users` row that the back office lists. */
export type CustomerRow = Pick<Selectable<UsersTable>, "id" | "email" | "first_name" | "last_name" | "country" | "company" | "city" | "created_at" | "blocked_at">;

/** Customer accounts as the back office's customers page reads them (search, one, by e-mail) and blocks them. */
export function createCustomerRecords(db: Kysely<Database>) {
  const customerColumns = ["id", "email", "first_name", "last_name", "country", "company", "city", "created_at", "blocked_at"] as const;
  return {
    async search(text: string, trx: Kysely<Database> = db): Promise<CustomerRow[]> {
      let query = trx.selectFrom("users").select(customerColumns).where("role", "=", "customer");
      if (text) {
        const pattern = `%${escapeLike(text.toLowerCase())}%`;
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn("lower", ["email"]), "like", pattern),
            eb(sql<string>`lower(first_name || ' ' || last_name)`, "like", pattern),
          ]),
        );
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
