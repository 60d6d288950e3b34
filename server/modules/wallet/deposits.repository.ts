import type { Kysely, Selectable } from "kysely";
import type { DepositStatus } from "../../../contract/wallet";
import type { Database } from "../../db/schema";
import { nowIso } from "../../db/time";
import type { DepositsTable } from "./wallet.tables";

export type DepositRow = Selectable<DepositsTable>;

/** Deposits: created pending, then settled once (paid, declined or expired). Writes take the caller's transaction. */
export const depositsRepository = {
  async insert(db: Kysely<Database>, row: DepositRow): Promise<void> {
    await db.insertInto("deposits").values(row).execute();
  },

  async find(db: Kysely<Database>, id: string): Promise<DepositRow | undefined> {
    return db.selectFrom("deposits").selectAll().where("id", "=", id).executeTakeFirst();
  },

  async listForUser(db: Kysely<Database>, userId: string): Promise<DepositRow[]> {
    return db.selectFrom("deposits").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();
  },

  /** Account closing: the billing fields of the user's deposits erased (amounts and receipts stay). */
  async forgetBilling(db: Kysely<Database>, userId: string): Promise<void> {
    await db.updateTable("deposits").set({ billing_json: "{}" }).where("user_id", "=", userId).execute();
  },

  /**
   * Moves a pending deposit to `status`; false when it was no longer pending (someone else settled it first).
   * With `providerRef`, only the deposit of that provider payment.
   */
  async settle(db: Kysely<Database>, id: string, status: Exclude<DepositStatus, "pending">, providerRef?: string): Promise<boolean> {
    let query = db.updateTable("deposits").set({ status, completed_at: nowIso() }).where("id", "=", id).where("status", "=", "pending");
    if (providerRef !== undefined) query = query.where("provider_ref", "=", providerRef);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },
};
