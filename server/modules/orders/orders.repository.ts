import type { Kysely, Selectable } from "kysely";
import type { OrderStatus } from "../../../contract/orders";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import type { IdempotencyKeysTable, OrderItemsTable, OrdersTable } from "./orders.tables";

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export interface DeliveredFile {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Orders, their items, order numbers and idempotency records. Each method runs on the database, or on the transaction given last. */
export function createOrdersRepository(db: Kysely<Database>) {
  return {
    /** The next order sequence number: unique under any concurrency, without a lock held until commit. */
    async nextSeq(trx: Kysely<Database> = db): Promise<number> {
      const row = await trx.insertInto("order_numbers").defaultValues().returning("seq").executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    async insert(order: OrderRow, items: OrderItemRow[], trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("orders").values(order).execute();
      await trx.insertInto("order_items").values(items).execute();
    },

    /** The caller's orders, newest first, with their items: two queries whatever the number of orders. */
    async listForUser(userId: string, trx: Kysely<Database> = db): Promise<Array<{ order: OrderRow; items: OrderItemRow[] }>> {
      const orders = await trx.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("seq", "desc").execute();
      if (orders.length === 0) return [];
      const items = await trx
        .selectFrom("order_items")
        .innerJoin("orders", "orders.id", "order_items.order_id")
        .selectAll("order_items")
        .where("orders.user_id", "=", userId)
        .orderBy("order_items.position")
        .execute();
      const byOrder = new Map<string, OrderItemRow[]>(orders.map((order) => [order.id, []]));
      for (const item of items) byOrder.get(item.order_id)?.push(item);
      return orders.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
    },

    async findById(id: string, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async findByNumber(number: string, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
    },

    async hasOrders(userId: string, trx: Kysely<Database> = db): Promise<boolean> {
      return (await trx.selectFrom("orders").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !== undefined;
    },

    /** Moves an order to `to` only from one of `from`; false when it was in another status. */
    async moveStatus(id: string, from: readonly OrderStatus[], to: OrderStatus, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("orders")
        .set({ status: to, updated_at: nowIso() })
        .where("id", "=", id)
        .where("status", "in", from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Records the delivered file and marks the order delivered, unless it was cancelled meanwhile. */
    async recordResult(id: string, file: DeliveredFile, trx: Kysely<Database> = db): Promise<boolean> {
      const now = nowIso();
      const result = await trx
        .updateTable("orders")
        .set({
          status: "delivered",
          result_key: file.key,
          result_file_name: file.fileName,
          result_content_type: file.contentType,
          result_size: file.size,
          result_sha256: file.sha256,
          delivered_at: now,
          updated_at: now,
        })
        .where("id", "=", id)
        .where("status", "in", ["paid", "in_progress", "delivered"])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async findIdempotent(userId: string, key: string, trx: Kysely<Database> = db): Promise<IdempotencyRow | undefined> {
      return trx.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();
    },

    async saveIdempotent(row: IdempotencyRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("idempotency_keys").values(row).execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
