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

/** Orders, their items, order numbers and idempotency records. Every call takes the caller's connection or transaction. */
export const ordersRepository = {
  /** The next order sequence number: unique under any concurrency, without a lock held until commit. */
  async nextSeq(trx: Kysely<Database>): Promise<number> {
    const row = await trx.insertInto("order_numbers").defaultValues().returning("seq").executeTakeFirstOrThrow();
    return Number(row.seq);
  },

  async insert(trx: Kysely<Database>, order: OrderRow, items: OrderItemRow[]): Promise<void> {
    await trx.insertInto("orders").values(order).execute();
    await trx.insertInto("order_items").values(items).execute();
  },

  /** The caller's orders, newest first, with their items: two queries whatever the number of orders. */
  async listForUser(db: Kysely<Database>, userId: string): Promise<Array<{ order: OrderRow; items: OrderItemRow[] }>> {
    const orders = await db.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("seq", "desc").execute();
    if (orders.length === 0) return [];
    const items = await db
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

  async findById(db: Kysely<Database>, id: string): Promise<OrderRow | undefined> {
    return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  },

  async findByNumber(db: Kysely<Database>, number: string): Promise<OrderRow | undefined> {
    return db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
  },

  async hasOrders(db: Kysely<Database>, userId: string): Promise<boolean> {
    return (await db.selectFrom("orders").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !== undefined;
  },

  async hasOpenOrders(db: Kysely<Database>, userId: string): Promise<boolean> {
    const row = await db.selectFrom("orders").select("id").where("user_id", "=", userId).where("status", "in", ["paid", "in_progress"]).limit(1).executeTakeFirst();
    return row !== undefined;
  },

  /** Account closing: billing fields and briefs erased; numbers, totals and statuses stay for the books. */
  async forgetPersonalData(db: Kysely<Database>, userId: string): Promise<void> {
    await db.updateTable("orders").set({ billing_json: "{}" }).where("user_id", "=", userId).execute();
    await db
      .updateTable("order_items")
      .set({ brief_json: "{}" })
      .where("order_id", "in", (eb) => eb.selectFrom("orders").select("id").where("user_id", "=", userId))
      .execute();
  },

  /** Moves an order to `to` only from one of `from`; false when it was in another status. */
  async moveStatus(db: Kysely<Database>, id: string, from: readonly OrderStatus[], to: OrderStatus): Promise<boolean> {
    const result = await db
      .updateTable("orders")
      .set({ status: to, updated_at: nowIso() })
      .where("id", "=", id)
      .where("status", "in", from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Records the delivered file and marks the order delivered, unless it was cancelled meanwhile. */
  async recordResult(db: Kysely<Database>, id: string, file: DeliveredFile): Promise<boolean> {
    const now = nowIso();
    const result = await db
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

  async findIdempotent(db: Kysely<Database>, userId: string, key: string): Promise<IdempotencyRow | undefined> {
    return db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();
  },

  async saveIdempotent(trx: Kysely<Database>, row: IdempotencyRow): Promise<void> {
    await trx.insertInto("idempotency_keys").values(row).execute();
  },
};
