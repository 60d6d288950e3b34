import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { OrderStatus } from "../../../contract/orders";
import { isPostgres } from "../../db/row-lock";
import type { Database } from "../../db/schema";
import { withNextStatement } from "../../db/with-next-statement";
import type {
  IdempotencyRow,
  OrderFileRow,
  OrderItemRow,
  OrderMessageRow,
  OrderRow,
  OrderVersionRow,
} from "./order-rows";
import type { OrderEventsTable } from "./orders.tables";

/** An order's first event, as placing records it. */
export type FirstEvent = Omit<OrderEventsTable, "id" | "seq">;

/** Writes of orders: placing one, its assignment, its work (briefs, versions, messages, read markers), forgetting it. */
export interface OrderWrites {
  /** The next order sequence number: unique under any concurrency, without a lock held until commit. */
  nextSeq(trx?: Kysely<Database>): Promise<number>;
  /**
   * A new order with its items and its first event (number 1: the new row has no events yet, and is this transaction's
   * until it commits). One statement on PostgreSQL (data-modifying CTEs: two round trips fewer per order placed,
   * issue 27), three on SQLite.
   */
  insert(order: OrderRow, items: OrderItemRow[], firstEvent: FirstEvent, trx?: Kysely<Database>): Promise<void>;
  saveIdempotent(row: IdempotencyRow, trx?: Kysely<Database>): Promise<void>;
  /**
   * Gives the order to `assignee` only if nobody has it and it is still in `status` (true when it did); `updatedAt`
   * also stamps the order. Of two people claiming the same order at once one wins.
   */
  claim(
    orderId: string,
    assignee: string,
    status: OrderStatus,
    updatedAt: string | null,
    trx?: Kysely<Database>,
  ): Promise<boolean>;
  /** Gives the order to `assignee` (or nobody) if it is still in `status` (true when it did). */
  reassign(
    orderId: string,
    assignee: string | null,
    status: OrderStatus,
    updatedAt: string,
    trx?: Kysely<Database>,
  ): Promise<boolean>;
  /** Replaces one item's brief (the customer's answer to a question by correcting the brief). */
  updateItemBrief(orderId: string, position: number, briefJson: string, trx?: Kysely<Database>): Promise<void>;
  insertVersion(version: OrderVersionRow, files: OrderFileRow[], trx?: Kysely<Database>): Promise<void>;
  insertMessage(message: OrderMessageRow, files: OrderFileRow[], trx?: Kysely<Database>): Promise<void>;
  markRead(orderId: string, userId: string, at: string, trx?: Kysely<Database>): Promise<void>;
  /**
   * Account closing: billing fields, briefs, the thread's words and the timeline's notes erased; numbers, totals,
   * statuses and dates stay for the books.
   */
  forgetPersonalData(userId: string, trx?: Kysely<Database>): Promise<void>;
}

/** The writes, each on the database or on the transaction given last. */
export function createOrderWrites(db: Kysely<Database>): OrderWrites {
  return {
    async nextSeq(trx = db) {
      const row = await trx.insertInto("order_numbers").defaultValues().returning("seq").executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    async insert(order, items, firstEvent, trx = db) {
      const event = { id: randomUUID(), seq: 1, ...firstEvent };
      if (isPostgres(trx)) {
        await trx
          .with("new_order", (q) => q.insertInto("orders").values(order))
          .with("new_items", (q) => q.insertInto("order_items").values(items))
          .insertInto("order_events")
          .values(event)
          .execute();
        return;
      }
      await trx.insertInto("orders").values(order).execute();
      await trx.insertInto("order_items").values(items).execute();
      await trx.insertInto("order_events").values(event).execute();
    },

    async saveIdempotent(row, trx = db) {
      await trx.insertInto("idempotency_keys").values(row).modifyEnd(withNextStatement).execute();
    },

    async claim(orderId, assignee, status, updatedAt, trx = db) {
      const claimed = await trx
        .updateTable("orders")
        .set(updatedAt === null ? { assigned_to: assignee } : { assigned_to: assignee, updated_at: updatedAt })
        .where("id", "=", orderId)
        .where("assigned_to", "is", null)
        .where("status", "=", status)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async reassign(orderId, assignee, status, updatedAt, trx = db) {
      const updated = await trx
        .updateTable("orders")
        .set({ assigned_to: assignee, updated_at: updatedAt })
        .where("id", "=", orderId)
        .where("status", "=", status)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async updateItemBrief(orderId, position, briefJson, trx = db) {
      await trx
        .updateTable("order_items")
        .set({ brief_json: briefJson })
        .where("order_id", "=", orderId)
        .where("position", "=", position)
        .execute();
    },

    async insertVersion(version, files, trx = db) {
      await trx.insertInto("order_versions").values(version).execute();
      if (files.length > 0) await trx.insertInto("order_files").values(files).execute();
    },

    async insertMessage(message, files, trx = db) {
      await trx.insertInto("order_messages").values(message).execute();
      if (files.length > 0) await trx.insertInto("order_files").values(files).execute();
    },

    async markRead(orderId, userId, at, trx = db) {
      await trx
        .insertInto("order_reads")
        .values({ order_id: orderId, user_id: userId, read_at: at })
        .onConflict((oc) => oc.columns(["order_id", "user_id"]).doUpdateSet({ read_at: at }))
        .execute();
    },

    async forgetPersonalData(userId, trx = db) {
      const theirs = trx.selectFrom("orders").select("id").where("user_id", "=", userId);
      await trx.updateTable("orders").set({ billing_json: "{}" }).where("user_id", "=", userId).execute();
      await trx.updateTable("order_items").set({ brief_json: "{}" }).where("order_id", "in", theirs).execute();
      await trx.updateTable("order_messages").set({ body: "" }).where("order_id", "in", theirs).execute();
      await trx.updateTable("order_events").set({ note: "" }).where("order_id", "in", theirs).execute();
      // An order still waiting for its paid difference is not placed for a closed account; its request is forgotten.
      await trx
        .updateTable("pending_checkouts")
        .set({ status: "refused", reason_json: JSON.stringify({ key: "orders.checkout.notPlaced" }) })
        .where("user_id", "=", userId)
        .where("status", "=", "awaiting")
        .execute();
      await trx.updateTable("pending_checkouts").set({ request_json: "{}" }).where("user_id", "=", userId).execute();
    },
  };
}
