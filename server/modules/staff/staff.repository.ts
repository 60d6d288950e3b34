import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { StaffAccountsTable, StaffInvitationsTable } from "./staff.tables";

export type StaffAccountRow = Selectable<StaffAccountsTable>;
export type InvitationRow = Selectable<StaffInvitationsTable>;

export interface StaffUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  created_at: string;
  totp_enrolled_at: string | null;
  deactivated_at: string | null;
}

/** Staff access rows: second factor, recovery codes, deactivation, invitations. */
export function createStaffRepository(db: Kysely<Database>) {
  return {
    /** Which of these users have a deactivated staff account. */
    async deactivatedAmong(userIds: readonly string[], trx: Kysely<Database> = db): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await trx.selectFrom("staff_accounts").select("user_id").where("user_id", "in", [...userIds]).where("deactivated_at", "is not", null).execute();
      return rows.map((row) => row.user_id);
    },

    async account(userId: string, trx: Kysely<Database> = db): Promise<StaffAccountRow | undefined> {
      return trx.selectFrom("staff_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },

    /** Makes sure the row exists (a staff user made before staff access, or by ADMIN_EMAIL). */
    async ensureAccount(userId: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("staff_accounts")
        .values({ user_id: userId, totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null, deactivated_at: null, updated_at: at })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    },

    async setPendingSecret(userId: string, secret: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_accounts").set({ totp_pending_secret: secret, updated_at: at }).where("user_id", "=", userId).execute();
    },

    /** The pending secret becomes the secret, with `step` as the last step used; false when it was not pending any more. */
    async confirmSecret(userId: string, secret: string, step: number, at: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_accounts")
        .set({ totp_secret: secret, totp_pending_secret: null, totp_enrolled_at: at, totp_last_step: step, updated_at: at })
        .where("user_id", "=", userId)
        .where("totp_pending_secret", "=", secret)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Takes the time step for this user; false when a code of this step (or a later one) was already accepted. */
    async claimStep(userId: string, step: number, at: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_accounts")
        .set({ totp_last_step: step, updated_at: at })
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async replaceRecoveryCodes(userId: string, hashes: string[], at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
      await trx.insertInto("staff_recovery_codes").values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null }))).execute();
    },

    /** Spends the code; false when it is unknown or already used. */
    async useRecoveryCode(userId: string, hash: string, at: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_recovery_codes")
        .set({ used_at: at })
        .where("user_id", "=", userId)
        .where("code_hash", "=", hash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setDeactivated(userId: string, deactivatedAt: string | null, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_accounts").set({ deactivated_at: deactivatedAt, updated_at: at }).where("user_id", "=", userId).execute();
    },

    /** The staff accounts of these users (those that have one). */
    async accountsOf(userIds: readonly string[], trx: Kysely<Database> = db): Promise<StaffAccountRow[]> {
      if (userIds.length === 0) return [];
      return trx.selectFrom("staff_accounts").selectAll().where("user_id", "in", [...userIds]).execute();
    },

    async insertInvitation(row: InvitationRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("staff_invitations").values(row).execute();
    },

    async invitationByHash(tokenHash: string, trx: Kysely<Database> = db): Promise<InvitationRow | undefined> {
      return trx.selectFrom("staff_invitations").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
    },

    /**
     * Claims the invitation for one acceptance: a single conditional update, so of parallel acceptances exactly one
     * gets true (on PostgreSQL the others wait for its row lock, then find it used); false when used or expired.
     */
    async claimInvitation(id: string, at: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_invitations")
        .set({ accepted_at: at })
        .where("id", "=", id)
        .where("accepted_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Names the account a claimed invitation made (after the account exists: `accepted_by` references it). */
    async setInvitationAcceptedBy(id: string, userId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_invitations").set({ accepted_by: userId }).where("id", "=", id).execute();
    },

    /** Invitations neither used nor expired, newest first. */
    async openInvitations(at: string, trx: Kysely<Database> = db): Promise<InvitationRow[]> {
      return trx
        .selectFrom("staff_invitations")
        .selectAll("staff_invitations")
        .where("staff_invitations.accepted_at", "is", null)
        .where("staff_invitations.expires_at", ">", at)
        .orderBy("staff_invitations.created_at", "desc")
        .execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
