import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { TokenPair } from "../../../contract/accounts";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { AuthUser } from "./auth-user";
import type { AccessTokens } from "./access-tokens";
import type { RevokedSessions } from "./revoked-sessions";
import type { SessionsRepository } from "./sessions.repository";

const DAY_MS = 24 * 60 * 60_000;
/** Absolute lifetime of a sign-in: rotation never extends it. */
export const SESSION_LIFETIME_MS = { rememberMe: 30 * DAY_MS, default: DAY_MS } as const;
/**
 * A token spent less than this long ago is being refreshed twice at once (two tabs): the late call fails without
 * ending the sign-in. A spent token shown later is a stolen copy, and the whole sign-in ends.
 */
export const REFRESH_RACE_WINDOW_MS = 10_000;

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

const sessionEnded = () => DomainError.unauthenticated({ key: "accounts.sessionEnded" });

interface SessionsDeps {
  repository: SessionsRepository;
  accessTokens: AccessTokens;
  revoked: RevokedSessions;
  now: () => Date;
}

/** Sign-ins: an access JWT plus an opaque refresh token (32 random bytes) that is stored hashed and rotated on every use. */
export function createSessionsService({ repository, accessTokens, revoked, now }: SessionsDeps) {
  const pair = async (user: AuthUser, sessionId: string, refreshToken: string): Promise<TokenPair> => ({
    accessToken: await accessTokens.sign({ ...user, sessionId }),
    refreshToken,
  });
  const newRefreshToken = () => randomBytes(32).toString("base64url");

  const end = async (sessionIds: string[], at: string) => {
    await Promise.all(sessionIds.map((id) => repository.revoke(id, at)));
    await revoked.add(sessionIds);
  };

  return {
    /** A new sign-in; the user's sign-ins that ended over a day ago are forgotten on the way. */
    async start(user: AuthUser, rememberMe: boolean): Promise<TokenPair> {
      const at = now();
      await repository.deleteEndedBefore(new Date(at.getTime() - DAY_MS).toISOString(), user.id);
      const sessionId = randomUUID();
      const refreshToken = newRefreshToken();
      const lifetime = rememberMe ? SESSION_LIFETIME_MS.rememberMe : SESSION_LIFETIME_MS.default;
      await repository.create({
        id: sessionId,
        userId: user.id,
        rememberMe,
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + lifetime).toISOString(),
        tokenHash: hashRefreshToken(refreshToken),
      });
      return pair(user, sessionId, refreshToken);
    },

    /** A new pair for a live, unspent refresh token; the old one stops working. Re-use of a spent one ends the sign-in. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const at = now();
      const oldHash = hashRefreshToken(refreshToken);
      const token = await repository.findToken(oldHash);
      if (!token || token.revokedAt !== null || token.expiresAt <= at.toISOString()) throw sessionEnded();
      if (token.usedAt !== null) {
        if (at.getTime() - Date.parse(token.usedAt) >= REFRESH_RACE_WINDOW_MS) await end([token.sessionId], at.toISOString());
        throw sessionEnded();
      }
      const successor = newRefreshToken();
      if (!(await repository.rotate(oldHash, hashRefreshToken(successor), token.sessionId, at.toISOString()))) throw sessionEnded();
      return pair({ id: token.userId, role: token.role }, token.sessionId, successor);
    },

    /** Ends the sign-in `refreshToken` belongs to (spent or not); an unknown token changes nothing. */
    async endByToken(refreshToken: string): Promise<void> {
      const token = await repository.findToken(hashRefreshToken(refreshToken));
      if (token && token.revokedAt === null) await end([token.sessionId], now().toISOString());
    },

    /** Ends every sign-in of the user but `keep` (the one asking, when there is one). */
    async endAllOf(userId: string, keep?: string): Promise<void> {
      const at = now().toISOString();
      await revoked.add(await repository.revokeAllOf(userId, at, keep));
    },

    /**
     * Closing: ends every sign-in of the user inside the caller's transaction; answers the step to run after commit
     * that makes their access tokens refused at once (until then the closed account's row refuses every write).
     */
    async endAllWithin(trx: Kysely<Database>, userId: string): Promise<() => Promise<void>> {
      const ended = await repository.revokeAllOf(userId, now().toISOString(), undefined, trx);
      return () => revoked.add(ended);
    },

    /** Forgets every sign-in that ended more than a day ago (at start). */
    async purgeEnded(): Promise<void> {
      await repository.deleteEndedBefore(new Date(now().getTime() - DAY_MS).toISOString());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
