import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { StaffAccountsTable } from "./staff.tables";

export type StaffAccountRow = Selectable<StaffAccountsTable>;

/** Staff accounts: which exist, which are deactivated. */
export interface StaffAccountsRepository {
  /** Which of these users have a deactivated staff account. */
  deactivatedAmong(userIds: readonly string[], trx?: Kysely<Database>): Promise<string[]>;
  account(userId: string, trx?: Kysely<Database>): Promise<StaffAccountRow | undefined>;
  /** Makes sure the row exists (a staff user made before staff access, or by ADMIN_EMAIL). */
  ensureAccount(userId: string, at: string, trx?: Kysely<Database>): Promise<void>;
  setDeactivated(userId: string, deactivatedAt: string | null, at: string, trx?: Kysely<Database>): Promise<void>;
  /** The name buyers read for this member of staff (null: first name and initial); the row must exist. */
  setDisplayName(userId: string, displayName: string | null, at: string, trx?: Kysely<Database>): Promise<void>;
  /** The staff accounts of these users (those that have one). */
  accountsOf(userIds: readonly string[], trx?: Kysely<Database>): Promise<StaffAccountRow[]>;
}

export function createStaffAccountsRepository(db: Kysely<Database>): StaffAccountsRepository {
  return {
    async deactivatedAmong(userIds: readonly string[], trx: Kysely<Database> = db): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await trx
        .selectFrom("staff_accounts")
        .select("user_id")
        .where("user_id", "in", [...userIds])
        .where("deactivated_at", "is not", null)
        .execute();
      return rows.map((row) => row.user_id);
    },

    async account(userId: string, trx: Kysely<Database> = db): Promise<StaffAccountRow | undefined> {
      return trx.selectFrom("staff_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    async ensureAccount(userId: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("staff_accounts")
        .values({
          user_id: userId,
          totp_secret: null,
          totp_pending_secret: null,
          totp_enrolled_at: null,
          totp_last_step: null,
          deactivated_at: null,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    },

    async setDeactivated(
      userId: string,
      deactivatedAt: string | null,
      at: string,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .updateTable("staff_accounts")
        .set({ deactivated_at: deactivatedAt, updated_at: at })
        .where("user_id", "=", userId)
        .execute();
    },

    async setDisplayName(userId: string, displayName: string | null, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_accounts").set({ display_name: displayName, updated_at: at }).where("user_id", "=", userId).execute();
    },

    async accountsOf(userIds: readonly string[], trx: Kysely<Database> = db): Promise<StaffAccountRow[]> {
      if (userIds.length === 0) return [];
      return trx
        .selectFrom("staff_accounts")
        .selectAll()
        .where("user_id", "in", [...userIds])
        .execute();
    },
  };
}
