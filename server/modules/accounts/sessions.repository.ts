import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { UserRow } from "./accounts.repository";

export interface NewSession {
  id: string;
  userId: string;
  rememberMe: boolean;
  createdAt: string;
  expiresAt: string;
  /** SHA-256 of the first refresh token. */
  tokenHash: string;
}

export interface RefreshTokenState {
  sessionId: string;
  userId: string;
  role: UserRow["role"];
  usedAt: string | null;
  expiresAt: string;
  revokedAt: string | null;
}

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async create(session: NewSession): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("sessions")
          .values({
            id: session.id,
            user_id: session.userId,
            remember_me: session.rememberMe ? 1 : 0,
            created_at: session.createdAt,
            expires_at: session.expiresAt,
            revoked_at: null,
          })
          .execute();
        await trx
          .insertInto("refresh_tokens")
          .values({ token_hash: session.tokenHash, session_id: session.id, created_at: session.createdAt, used_at: null, replaced_by: null })
          .execute();
      });
    },

    /** The token with its sign-in and its user, in one query. */
    async findToken(tokenHash: string, trx: Kysely<Database> = db): Promise<RefreshTokenState | undefined> {
      const row = await trx
        .selectFrom("refresh_tokens")
        .innerJoin("sessions", "sessions.id", "refresh_tokens.session_id")
        .innerJoin("users", "users.id", "sessions.user_id")
        .select([
          "refresh_tokens.session_id",
          "refresh_tokens.used_at",
          "sessions.user_id",
          "sessions.expires_at",
          "sessions.revoked_at",
          "users.role",
        ])
        .where("refresh_tokens.token_hash", "=", tokenHash)
        .executeTakeFirst();
      return (
        row && {
          sessionId: row.session_id,
          userId: row.user_id,
          role: row.role,
          usedAt: row.used_at,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
        }
      );
    },

    /**
     * Spends `oldHash` and stores its successor in one transaction. The spend is conditional on the token being
     * unused, so of two rotations of one token exactly one answers true.
     */
    async rotate(oldHash: string, newHash: string, sessionId: string, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable("refresh_tokens")
          .set({ used_at: at, replaced_by: newHash })
          .where("token_hash", "=", oldHash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto("refresh_tokens")
          .values({ token_hash: newHash, session_id: sessionId, created_at: at, used_at: null, replaced_by: null })
          .execute();
        return true;
      });
    },

    /** When the sign-in ended; null while it lasts, and for an id the database does not know. */
    async revokedAt(sessionId: string, trx: Kysely<Database> = db): Promise<string | null> {
      const row = await trx.selectFrom("sessions").select("revoked_at").where("id", "=", sessionId).executeTakeFirst();
      return row?.revoked_at ?? null;
    },

    async revoke(sessionId: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("sessions").set({ revoked_at: at }).where("id", "=", sessionId).where("revoked_at", "is", null).execute();
    },

    /** Revokes every live sign-in of the user except `keep`; answers the ids it revoked. */
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

    /** Forgets sign-ins that expired or were revoked before `before` (their tokens go with them); `userId` narrows to one user. */
    async deleteEndedBefore(before: string, userId?: string, trx: Kysely<Database> = db): Promise<void> {
      let query = trx.deleteFrom("sessions").where((eb) => eb.or([eb("expires_at", "<", before), eb("revoked_at", "<", before)]));
      if (userId) query = query.where("user_id", "=", userId);
      await query.execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
