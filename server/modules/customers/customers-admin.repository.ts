import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { OrderStatus } from "../../../contract/orders";
import type { LedgerKind } from "../../../contract/wallet";

const SEARCH_PAGE = 50;
const ORDERS_SHOWN = 50;
const LEDGER_SHOWN = 100;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  country: string;
  company: string;
  city: string;
  created_at: string;
  blocked_at: string | null;
}

/** What the back office reads about customers across accounts, wallet and orders (read-only but for block and adjustments). */
export function createCustomersAdminRepository(db: Kysely<Database>) {
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

    async orders(userId: string, trx: Kysely<Database> = db) {
      const rows = await trx
        .selectFrom("orders")
        .select(["id", "number", "status", "currency", "total", "created_at"])
        .where("user_id", "=", userId)
        .orderBy("seq", "desc")
        .limit(ORDERS_SHOWN)
        .execute();
      return rows.map((row) => ({ id: row.id, number: row.number, status: row.status as OrderStatus, currency: row.currency, total: row.total, createdAt: row.created_at }));
    },

    async balances(userId: string, trx: Kysely<Database> = db): Promise<Array<{ currency: string; amount: number }>> {
      return trx.selectFrom("balances").select(["currency", "amount"]).where("user_id", "=", userId).orderBy("currency").execute();
    },

    /** The ledger of one currency, newest first, with each adjustment's reason. */
    async ledger(userId: string, currency: string, trx: Kysely<Database> = db) {
      const rows = await trx
        .selectFrom("ledger_entries")
        .leftJoin("balance_adjustments", (join) => join.onRef("balance_adjustments.id", "=", "ledger_entries.reference").on("ledger_entries.kind", "=", "adjustment"))
        .select(["ledger_entries.id", "ledger_entries.kind", "ledger_entries.amount", "ledger_entries.reference", "ledger_entries.created_at", "balance_adjustments.reason"])
        .where("ledger_entries.user_id", "=", userId)
        .where("ledger_entries.currency", "=", currency)
        .orderBy("ledger_entries.created_at", "desc")
        .orderBy("ledger_entries.id", "desc")
        .limit(LEDGER_SHOWN)
        .execute();
      return rows.map((row) => ({
        id: row.id, kind: row.kind as LedgerKind, amount: row.amount, reference: row.reference, reason: row.reason ?? null, createdAt: row.created_at,
      }));
    },

    async addAdjustment(adjustment: { id: string; userId: string; currency: string; amount: number; reason: string; staffId: string; createdAt: string }, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("balance_adjustments")
        .values({
          id: adjustment.id, user_id: adjustment.userId, currency: adjustment.currency, amount: adjustment.amount, reason: adjustment.reason,
          staff_id: adjustment.staffId, created_at: adjustment.createdAt,
        })
        .execute();
    },
  };
}

export type CustomersAdminRepository = ReturnType<typeof createCustomersAdminRepository>;
