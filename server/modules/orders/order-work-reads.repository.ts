import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { OrderFileRow, OrderItemRow, OrderVersionRow } from "./order-rows";

/** Reads of an order's work: its items (briefs), the versions delivered and their files. */
export interface OrderWorkReads {
  itemsOf(orderIds: string[], trx?: Kysely<Database>): Promise<OrderItemRow[]>;
  /** The first file of each order's latest version (what GET /api/orders/{id}/result sends). */
  latestFirstFiles(orderIds: string[], trx?: Kysely<Database>): Promise<OrderFileRow[]>;
  versions(orderId: string, trx?: Kysely<Database>): Promise<OrderVersionRow[]>;
  lastVersionNumber(orderId: string, trx?: Kysely<Database>): Promise<number>;
  files(orderId: string, trx?: Kysely<Database>): Promise<OrderFileRow[]>;
  file(orderId: string, fileId: string, trx?: Kysely<Database>): Promise<OrderFileRow | undefined>;
}

/** The work reads, each on the database or on the transaction given last. */
export function createOrderWorkReads(db: Kysely<Database>): OrderWorkReads {
  return {
    itemsOf: (orderIds, trx = db) =>
      trx
        .selectFrom("order_items")
        .selectAll()
        .where("order_id", "in", orderIds)
        .orderBy("order_id")
        .orderBy("position")
        .execute(),

    latestFirstFiles: (orderIds, trx = db) =>
      trx
        .selectFrom("order_files")
        .innerJoin("order_versions", "order_versions.id", "order_files.version_id")
        .selectAll("order_files")
        .where("order_files.order_id", "in", orderIds)
        .where("order_files.position", "=", 0)
        .where((eb) =>
          eb(
            "order_versions.number",
            "=",
            eb
              .selectFrom("order_versions as latest")
              .select((l) => l.fn.max("latest.number").as("n"))
              .whereRef("latest.order_id", "=", "order_files.order_id"),
          ),
        )
        .execute(),

    versions: (orderId, trx = db) =>
      trx.selectFrom("order_versions").selectAll().where("order_id", "=", orderId).orderBy("number").execute(),

    async lastVersionNumber(orderId, trx = db) {
      const row = await trx
        .selectFrom("order_versions")
        .select((eb) => eb.fn.max("number").as("n"))
        .where("order_id", "=", orderId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    files: (orderId, trx = db) =>
      trx
        .selectFrom("order_files")
        .selectAll()
        .where("order_id", "=", orderId)
        .orderBy("created_at")
        .orderBy("position")
        .execute(),

    file: (orderId, fileId, trx = db) =>
      trx
        .selectFrom("order_files")
        .selectAll()
        .where("order_id", "=", orderId)
        .where("id", "=", fileId)
        .executeTakeFirst(),
  };
}
