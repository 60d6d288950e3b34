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

/** Orders, their items, versions, files, events, messages, read markers, order numbers and idempotency records. Each method runs on the database, or on the transaction given last. */
export function createOrdersRepository(db: Kysely<Database>) {
  const repository = {
    /** The next order sequence number: unique under any concurrency, without a lock held until commit. */
    async nextSeq(trx: Kysely<Database> = db): Promise<number> {
      const row = await trx.insertInto("order_numbers").defaultValues().returning("seq").executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    async insert(order: OrderRow, items: OrderItemRow[], trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("orders").values(order).execute();
      await trx.insertInto("order_items").values(items).execute();
    },

    /**
     * One page of the caller's orders, newest first, before `beforeSeq` when given: only the listed columns, `limit + 1`
     * rows to know whether another page follows, then the items and the latest version's first file of those orders.
     */
    async listPage(userId: string, limit: number, beforeSeq?: number, trx: Kysely<Database> = db) {
      let query = trx
        .selectFrom("orders")
        .select(["id", "seq", "number", "status", "created_at", "currency", "total", "due_at", "needs_info_since"])
        .where("user_id", "=", userId)
        .orderBy("seq", "desc")
        .limit(limit + 1);
      if (beforeSeq !== undefined) query = query.where("seq", "<", beforeSeq);
      const rows = await query.execute();
      const page = rows.slice(0, limit);
      const ids = page.map((row) => row.id);
      const [items, files] = ids.length === 0 ? [[], []] : await Promise.all([repository.itemsOf(ids, trx), repository.latestFirstFiles(ids, trx)]);
      return { page, items, files, more: rows.length > limit };
    },

    /** Replaces one item's brief (the customer's answer to a question by correcting the brief). */
    async updateItemBrief(orderId: string, position: number, briefJson: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("order_items").set({ brief_json: briefJson }).where("order_id", "=", orderId).where("position", "=", position).execute();
    },

    async itemsOf(orderIds: string[], trx: Kysely<Database> = db): Promise<OrderItemRow[]> {
      return trx.selectFrom("order_items").selectAll().where("order_id", "in", orderIds).orderBy("order_id").orderBy("position").execute();
    },

    /** The first file of each order's latest version (what GET /api/orders/{id}/result sends). */
    async latestFirstFiles(orderIds: string[], trx: Kysely<Database> = db): Promise<OrderFileRow[]> {
      return trx
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

    async findById(id: string, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async findByNumber(number: string, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
    },

    async versions(orderId: string, trx: Kysely<Database> = db): Promise<OrderVersionRow[]> {
      return trx.selectFrom("order_versions").selectAll().where("order_id", "=", orderId).orderBy("number").execute();
    },

    async files(orderId: string, trx: Kysely<Database> = db): Promise<OrderFileRow[]> {
      return trx.selectFrom("order_files").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("position").execute();
    },

    async file(orderId: string, fileId: string, trx: Kysely<Database> = db): Promise<OrderFileRow | undefined> {
      return trx.selectFrom("order_files").selectAll().where("order_id", "=", orderId).where("id", "=", fileId).executeTakeFirst();
    },

    async events(orderId: string, trx: Kysely<Database> = db): Promise<OrderEventRow[]> {
      return trx.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("seq").execute();
    },

    async messages(orderId: string, withInternal: boolean, trx: Kysely<Database> = db): Promise<OrderMessageRow[]> {
      let query = trx.selectFrom("order_messages").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id");
      if (!withInternal) query = query.where("internal", "=", 0);
      return query.execute();
    },

    async readAt(orderId: string, userId: string, trx: Kysely<Database> = db): Promise<string | undefined> {
      return (await trx.selectFrom("order_reads").select("read_at").where("order_id", "=", orderId).where("user_id", "=", userId).executeTakeFirst())?.read_at;
    },

    async markRead(orderId: string, userId: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("order_reads")
        .values({ order_id: orderId, user_id: userId, read_at: at })
        .onConflict((oc) => oc.columns(["order_id", "user_id"]).doUpdateSet({ read_at: at }))
        .execute();
    },

    async insertVersion(version: OrderVersionRow, files: OrderFileRow[], trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("order_versions").values(version).execute();
      if (files.length > 0) await trx.insertInto("order_files").values(files).execute();
    },

    async insertMessage(message: OrderMessageRow, files: OrderFileRow[], trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("order_messages").values(message).execute();
      if (files.length > 0) await trx.insertInto("order_files").values(files).execute();
    },

    async lastVersionNumber(orderId: string, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx.selectFrom("order_versions").select((eb) => eb.fn.max("number").as("n")).where("order_id", "=", orderId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async hasOrders(userId: string, trx: Kysely<Database> = db): Promise<boolean> {
      return (await trx.selectFrom("orders").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !== undefined;
    },

    /** Orders not yet completed or cancelled (LIFECYCLE.md): the account cannot be closed while one is open. */
    async hasOpenOrders(userId: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom("orders").select("id").where("user_id", "=", userId).where("status", "not in", ["completed", "cancelled"]).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Every order of the user, oldest first (the data export). */
    /** The customer's newest `limit` orders (the back office's customers page). */
    async recentOf(userId: string, limit: number, trx: Kysely<Database> = db) {
      return trx.selectFrom("orders").select(["id", "number", "status", "currency", "total", "created_at"]).where("user_id", "=", userId).orderBy("seq", "desc").limit(limit).execute();
    },

    async allOf(userId: string, trx: Kysely<Database> = db): Promise<OrderRow[]> {
      return trx.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("seq").execute();
    },

    /**
     * Account closing: billing fields, briefs, the thread's words and the timeline's notes erased; numbers, totals,
     * statuses and dates stay for the books.
     */
    async forgetPersonalData(userId: string, trx: Kysely<Database> = db): Promise<void> {
      const theirs = trx.selectFrom("orders").select("id").where("user_id", "=", userId);
      await trx.updateTable("orders").set({ billing_json: "{}" }).where("user_id", "=", userId).execute();
      await trx.updateTable("order_items").set({ brief_json: "{}" }).where("order_id", "in", theirs).execute();
      await trx.updateTable("order_messages").set({ body: "" }).where("order_id", "in", theirs).execute();
      await trx.updateTable("order_events").set({ note: "" }).where("order_id", "in", theirs).execute();
    },

    async findIdempotent(userId: string, key: string, trx: Kysely<Database> = db): Promise<IdempotencyRow | undefined> {
      return trx.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();
    },

    async saveIdempotent(row: IdempotencyRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("idempotency_keys").values(row).execute();
    },
  };
  return repository;
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
