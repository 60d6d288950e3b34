import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { IdempotencyRow, ListedOrderRow, OrderRow, RecentOrderRow } from "./order-rows";

/** Reads of the orders table itself (an order, a customer's orders, the idempotency record of a placing). */
export interface OrderReads {
  findById(id: string, trx?: Kysely<Database>): Promise<OrderRow | undefined>;
  findByNumber(number: string, trx?: Kysely<Database>): Promise<OrderRow | undefined>;
  /** The numbers of these orders by id (one query; unknown ids are left out). */
  numbersOf(ids: readonly string[], trx?: Kysely<Database>): Promise<Array<{ id: string; number: string }>>;
  /** One page of the customer's orders, newest first, before `beforeSeq`; `limit + 1` rows say whether more follow. */
  pageOf(userId: string, limit: number, beforeSeq?: number, trx?: Kysely<Database>): Promise<ListedOrderRow[]>;
  hasOrders(userId: string, trx?: Kysely<Database>): Promise<boolean>;
  /** Orders not yet completed or cancelled (LIFECYCLE.md): the account cannot be closed while one is open. */
  hasOpenOrders(userId: string, trx?: Kysely<Database>): Promise<boolean>;
  /** The customer's newest `limit` orders (the back office's customers page). */
  recentOf(userId: string, limit: number, trx?: Kysely<Database>): Promise<RecentOrderRow[]>;
  /** Every order of the user, oldest first (the data export). */
  allOf(userId: string, trx?: Kysely<Database>): Promise<OrderRow[]>;
  findIdempotent(userId: string, key: string, trx?: Kysely<Database>): Promise<IdempotencyRow | undefined>;
}

/** The orders table's reads, each on the database or on the transaction given last. */
export function createOrderReads(db: Kysely<Database>): OrderReads {
  return {
    findById: (id, trx = db) => trx.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst(),

    findByNumber: (number, trx = db) =>
      trx.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst(),

    numbersOf: async (ids, trx = db) =>
      ids.length === 0 ? [] : trx.selectFrom("orders").select(["id", "number"]).where("id", "in", [...new Set(ids)]).execute(),

    pageOf(userId, limit, beforeSeq, trx = db) {
      let query = trx
        .selectFrom("orders")
        .select(["id", "seq", "number", "status", "created_at", "currency", "total", "discount", "promo_code", "due_at", "needs_info_since"])
        .where("user_id", "=", userId)
        .orderBy("seq", "desc")
        .limit(limit + 1);
      if (beforeSeq !== undefined) query = query.where("seq", "<", beforeSeq);
      return query.execute();
    },

    hasOrders: async (userId, trx = db) =>
      (await trx.selectFrom("orders").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !==
      undefined,

    async hasOpenOrders(userId, trx = db) {
      const row = await trx
        .selectFrom("orders")
        .select("id")
        .where("user_id", "=", userId)
        .where("status", "not in", ["completed", "cancelled"])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    recentOf: (userId, limit, trx = db) =>
      trx
        .selectFrom("orders")
        .select(["id", "number", "status", "currency", "total", "created_at"])
        .where("user_id", "=", userId)
        .orderBy("seq", "desc")
        .limit(limit)
        .execute(),

    allOf: (userId, trx = db) =>
      trx.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("seq").execute(),

    findIdempotent: (userId, key, trx = db) =>
      trx
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .executeTakeFirst(),
  };
}
