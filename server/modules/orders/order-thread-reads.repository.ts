import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { OrderEventRow, OrderMessageRow } from "./order-rows";

/** Reads of an order's thread: its timeline (events), its messages and who read them when. */
export interface OrderThreadReads {
  events(orderId: string, trx?: Kysely<Database>): Promise<OrderEventRow[]>;
  /** Whether the order's lateness was already flagged (its `late` event). */
  flaggedLate(orderId: string, trx?: Kysely<Database>): Promise<boolean>;
  messages(orderId: string, withInternal: boolean, trx?: Kysely<Database>): Promise<OrderMessageRow[]>;
  /** Whether a message is internal (staff only) and the deliverable it names, or undefined for no such message. */
  messageOf(messageId: string, trx?: Kysely<Database>): Promise<Pick<OrderMessageRow, "internal" | "deliverable_id"> | undefined>;
  readAt(orderId: string, userId: string, trx?: Kysely<Database>): Promise<string | undefined>;
}

/** The thread reads, each on the database or on the transaction given last. */
export function createOrderThreadReads(db: Kysely<Database>): OrderThreadReads {
  return {
    events: (orderId, trx = db) =>
      trx.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("seq").execute(),

    messages(orderId, withInternal, trx = db) {
      let query = trx
        .selectFrom("order_messages")
        .selectAll()
        .where("order_id", "=", orderId)
        .orderBy("created_at")
        .orderBy("id");
      if (!withInternal) query = query.where("internal", "=", 0);
      return query.execute();
    },

    messageOf: (messageId, trx = db) =>
      trx.selectFrom("order_messages").select(["internal", "deliverable_id"]).where("id", "=", messageId).executeTakeFirst(),

    readAt: async (orderId, userId, trx = db) =>
      (
        await trx
          .selectFrom("order_reads")
          .select("read_at")
          .where("order_id", "=", orderId)
          .where("user_id", "=", userId)
          .executeTakeFirst()
      )?.read_at,

    flaggedLate: async (orderId, trx = db) =>
      (await trx
        .selectFrom("order_events")
        .select("id")
        .where("order_id", "=", orderId)
        .where("kind", "=", "late")
        .executeTakeFirst()) !== undefined,
  };
}
