import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import type { MessageRef } from "../../platform/domain-error";
import type { PendingCheckoutsTable } from "./orders.tables";

export type PendingCheckoutRow = Selectable<PendingCheckoutsTable>;

/** Orders waiting for their deposit. Each method runs on the database, or on the transaction given last. */
export function createPendingCheckouts(db: Kysely<Database>) {
  return {
    async insert(row: PendingCheckoutRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("pending_checkouts").values(row).execute();
    },

    async find(depositId: string, trx: Kysely<Database> = db): Promise<PendingCheckoutRow | undefined> {
      return trx.selectFrom("pending_checkouts").selectAll().where("deposit_id", "=", depositId).executeTakeFirst();
    },

    /**
     * Takes the waiting order for placing, in the placing transaction: false when another confirmation placed or
     * refused it first (PostgreSQL: waits for that one's commit and re-checks).
     */
    async claim(depositId: string, trx: Kysely<Database>): Promise<boolean> {
      const result = await trx
        .updateTable("pending_checkouts")
        .set({ status: "placed", updated_at: nowIso() })
        .where("deposit_id", "=", depositId)
        .where("status", "=", "awaiting")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async placed(depositId: string, response: unknown, trx: Kysely<Database>): Promise<void> {
      await trx.updateTable("pending_checkouts").set({ response_json: JSON.stringify(response) }).where("deposit_id", "=", depositId).execute();
    },

    /** Nothing will be placed: the reason kept; false when it was no longer waiting. */
    async refuse(depositId: string, reason: MessageRef, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("pending_checkouts")
        .set({ status: "refused", reason_json: JSON.stringify(reason), updated_at: nowIso() })
        .where("deposit_id", "=", depositId)
        .where("status", "=", "awaiting")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type PendingCheckouts = ReturnType<typeof createPendingCheckouts>;
