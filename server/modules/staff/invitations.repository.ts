import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { StaffInvitationsTable } from "./staff.tables";

export type InvitationRow = Selectable<StaffInvitationsTable>;

/** Invitations: made, looked up by their token's hash, claimed once, listed while open. */
export interface InvitationsRepository {
  insertInvitation(row: InvitationRow, trx?: Kysely<Database>): Promise<void>;
  invitationByHash(tokenHash: string, trx?: Kysely<Database>): Promise<InvitationRow | undefined>;
  /**
   * Claims the invitation for one acceptance: a single conditional update, so of parallel acceptances exactly one
   * gets true (on PostgreSQL the others wait for its row lock, then find it used); false when used or expired.
   */
  claimInvitation(id: string, at: string, trx?: Kysely<Database>): Promise<boolean>;
  /** Names the account a claimed invitation made (after the account exists: `accepted_by` references it). */
  setInvitationAcceptedBy(id: string, userId: string, trx?: Kysely<Database>): Promise<void>;
  /** An invitation by id. */
  invitation(id: string, trx?: Kysely<Database>): Promise<InvitationRow | undefined>;
  /**
   * While the invitation is open (not used, not expired at `at`): `changes` to it (a revoked one expires at once, a
   * re-sent one gets a new token and lifetime). True when it was open.
   */
  changeOpenInvitation(id: string, at: string, changes: Partial<Pick<InvitationRow, "token_hash" | "expires_at" | "created_at">>, trx?: Kysely<Database>): Promise<boolean>;
  /** Invitations neither used nor expired, newest first. */
  openInvitations(at: string, trx?: Kysely<Database>): Promise<InvitationRow[]>;
}

export function createInvitationsRepository(db: Kysely<Database>): InvitationsRepository {
  return {
    async insertInvitation(row: InvitationRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("staff_invitations").values(row).execute();
    },

    async invitationByHash(tokenHash: string, trx: Kysely<Database> = db): Promise<InvitationRow | undefined> {
      return trx.selectFrom("staff_invitations").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
    },

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

    async setInvitationAcceptedBy(id: string, userId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("staff_invitations").set({ accepted_by: userId }).where("id", "=", id).execute();
    },

    async invitation(id: string, trx: Kysely<Database> = db): Promise<InvitationRow | undefined> {
      return trx.selectFrom("staff_invitations").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async changeOpenInvitation(id, at, changes, trx = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_invitations")
        .set(changes)
        .where("id", "=", id)
        .where("accepted_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

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
