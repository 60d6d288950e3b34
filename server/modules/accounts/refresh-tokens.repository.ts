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

/** A sign-in's start and its chain of refresh tokens, each spent once. */
export interface RefreshTokensRepository {
  /** The sign-in and its first refresh token, together. */
  create(session: NewSession): Promise<void>;
  /** The token with its sign-in and its user, in one query. */
  findToken(tokenHash: string, trx?: Kysely<Database>): Promise<RefreshTokenState | undefined>;
  /**
   * Spends `oldHash` and stores its successor in one transaction. The spend is conditional on the token being
   * unused, so of two rotations of one token exactly one answers true.
   */
  rotate(oldHash: string, newHash: string, sessionId: string, at: string): Promise<boolean>;
}

export function createRefreshTokensRepository(db: Kysely<Database>): RefreshTokensRepository {
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
          .values({
            token_hash: session.tokenHash,
            session_id: session.id,
            created_at: session.createdAt,
            used_at: null,
            replaced_by: null,
          })
          .execute();
      });
    },

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
  };
}
