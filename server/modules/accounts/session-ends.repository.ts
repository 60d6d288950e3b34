import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** How sign-ins end: revoked one or all at once, and forgotten once ended. */
export interface SessionEndsRepository {
  /** When the sign-in ended; null while it lasts, and for an id the database does not know. */
  revokedAt(sessionId: string, trx?: Kysely<Database>): Promise<string | null>;
  revoke(sessionId: string, at: string, trx?: Kysely<Database>): Promise<void>;
  /** Revokes every live sign-in of the user except `keep`; answers the ids it revoked. */
  revokeAllOf(userId: string, at: string, keep?: string, trx?: Kysely<Database>): Promise<string[]>;
  /** Forgets sign-ins that expired or were revoked before `before` (their tokens go with them); `userId` narrows to one user. */
  deleteEndedBefore(before: string, userId?: string, trx?: Kysely<Database>): Promise<void>;
}

export function createSessionEndsRepository(db: Kysely<Database>): SessionEndsRepository {
  return {
    async revokedAt(sessionId: string, trx: Kysely<Database> = db): Promise<string | null> {
      const row = await trx.selectFrom("sessions").select("revoked_at").where("id", "=", sessionId).executeTakeFirst();
      return row?.revoked_at ?? null;
    },

    async revoke(sessionId: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("sessions")
        .set({ revoked_at: at })
        .where("id", "=", sessionId)
        .where("revoked_at", "is", null)
        .execute();
    },

    async revokeAllOf(userId: string, at: string, keep?: string, trx: Kysely<Database> = db): Promise<string[]> {
      let query = trx
        .updateTable("sessions")
        .set({ revoked_at: at })
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", at);
      if (keep) query = query.where("id", "!=", keep);
      const rows = await query.returning("id").execute();
      return rows.map((row) => row.id);
    },

    async deleteEndedBefore(before: string, userId?: string, trx: Kysely<Database> = db): Promise<void> {
      let query = trx
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expires_at", "<", before), eb("revoked_at", "<", before)]));
      if (userId) query = query.where("user_id", "=", userId);
      await query.execute();
    },
  };
}
