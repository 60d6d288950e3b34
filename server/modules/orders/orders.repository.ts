import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type {
  IdempotencyKeysTable, OrderEventsTable, OrderFilesTable, OrderItemsTable, OrderMessagesTable, OrdersTable, OrderVersionsTable,
} from "./orders.tables";

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type IdempotencyRow = Selectable<IdempotencyKeysTable>;
export type OrderVersionRow = Selectable<OrderVersionsTable>;
export type OrderFileRow = Selectable<OrderFilesTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type OrderMessageRow = Selectable<OrderMessagesTable>;

/** Orders, their items, versions, files, events, messages, read markers, order numbers and idempotency records. Every call takes the caller's connection or transaction. */
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

  /**
   * One page of the caller's orders, newest first, before `beforeSeq` when given: only the listed columns, `limit + 1`
   * rows to know whether another page follows, then the items and the latest version's first file of those orders.
   */
  async listPage(db: Kysely<Database>, userId: string, limit: number, beforeSeq?: number) {
    let query = db
      .selectFrom("orders")
      .select(["id", "seq", "number", "status", "created_at", "currency", "total", "due_at", "needs_info_since"])
      .where("user_id", "=", userId)
      .orderBy("seq", "desc")
      .limit(limit + 1);
    if (beforeSeq !== undefined) query = query.where("seq", "<", beforeSeq);
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const ids = page.map((row) => row.id);
    const [items, files] = ids.length === 0 ? [[], []] : await Promise.all([ordersRepository.itemsOf(db, ids), ordersRepository.latestFirstFiles(db, ids)]);
    return { page, items, files, more: rows.length > limit };
  },

  async itemsOf(db: Kysely<Database>, orderIds: string[]): Promise<OrderItemRow[]> {
    return db.selectFrom("order_items").selectAll().where("order_id", "in", orderIds).orderBy("order_id").orderBy("position").execute();
  },

  /** The first file of each order's latest version (what GET /api/orders/{id}/result sends). */
  async latestFirstFiles(db: Kysely<Database>, orderIds: string[]): Promise<OrderFileRow[]> {
    return db
      .selectFrom("order_files")
      .innerJoin("order_versions", "order_versions.id", "order_files.version_id")
      .selectAll("order_files")
      .where("order_files.order_id", "in", orderIds)
      .where("order_files.position", "=", 0)
      .where((eb) =>
        eb(
          "order_versions.number",
          "=",
          eb.selectFrom("order_versions as latest").select((l) => l.fn.max("latest.number").as("n")).whereRef("latest.order_id", "=", "order_files.order_id"),
        ),
      )
      .execute();
  },

  async findById(db: Kysely<Database>, id: string): Promise<OrderRow | undefined> {
    return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  },

  async findByNumber(db: Kysely<Database>, number: string): Promise<OrderRow | undefined> {
    return db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
  },

  async versions(db: Kysely<Database>, orderId: string): Promise<OrderVersionRow[]> {
    return db.selectFrom("order_versions").selectAll().where("order_id", "=", orderId).orderBy("number").execute();
  },

  async files(db: Kysely<Database>, orderId: string): Promise<OrderFileRow[]> {
    return db.selectFrom("order_files").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("position").execute();
  },

  async file(db: Kysely<Database>, orderId: string, fileId: string): Promise<OrderFileRow | undefined> {
    return db.selectFrom("order_files").selectAll().where("order_id", "=", orderId).where("id", "=", fileId).executeTakeFirst();
  },

  async events(db: Kysely<Database>, orderId: string): Promise<OrderEventRow[]> {
    return db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("seq").execute();
  },

  async messages(db: Kysely<Database>, orderId: string, withInternal: boolean): Promise<OrderMessageRow[]> {
    let query = db.selectFrom("order_messages").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id");
    if (!withInternal) query = query.where("internal", "=", 0);
    return query.execute();
  },

  async readAt(db: Kysely<Database>, orderId: string, userId: string): Promise<string | undefined> {
    return (await db.selectFrom("order_reads").select("read_at").where("order_id", "=", orderId).where("user_id", "=", userId).executeTakeFirst())?.read_at;
  },

  async markRead(db: Kysely<Database>, orderId: string, userId: string, at: string): Promise<void> {
    await db
      .insertInto("order_reads")
      .values({ order_id: orderId, user_id: userId, read_at: at })
      .onConflict((oc) => oc.columns(["order_id", "user_id"]).doUpdateSet({ read_at: at }))
      .execute();
  },

  async insertVersion(trx: Kysely<Database>, version: OrderVersionRow, files: OrderFileRow[]): Promise<void> {
    await trx.insertInto("order_versions").values(version).execute();
    if (files.length > 0) await trx.insertInto("order_files").values(files).execute();
  },

  async insertMessage(trx: Kysely<Database>, message: OrderMessageRow, files: OrderFileRow[]): Promise<void> {
    await trx.insertInto("order_messages").values(message).execute();
    if (files.length > 0) await trx.insertInto("order_files").values(files).execute();
  },

  async lastVersionNumber(trx: Kysely<Database>, orderId: string): Promise<number> {
    const row = await trx.selectFrom("order_versions").select((eb) => eb.fn.max("number").as("n")).where("order_id", "=", orderId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  async hasOrders(db: Kysely<Database>, userId: string): Promise<boolean> {
    return (await db.selectFrom("orders").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !== undefined;
  },

  async findIdempotent(db: Kysely<Database>, userId: string, key: string): Promise<IdempotencyRow | undefined> {
    return db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();
  },

  async saveIdempotent(trx: Kysely<Database>, row: IdempotencyRow): Promise<void> {
    await trx.insertInto("idempotency_keys").values(row).execute();
  },
};
