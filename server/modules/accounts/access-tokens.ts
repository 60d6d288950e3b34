import { USER_ROLES } from "../../../contract/accounts";
import { SignJWT, jwtVerify } from "jose";
import type { AuthUser } from "./auth-user";

const ISSUER = "scriptorium";
const AUDIENCE = "scriptorium-api";
const ALGORITHM = "HS256";
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/**
 * Short-lived access JWTs: HS256 pinned; exp, iss, aud and the token type are checked on every request, and so is
 * the sign-in (`sid`) when `isRevoked` is given, so an ended sign-in's tokens stop working at once.
 */
export function createAccessTokens(secret: string, isRevoked: (sessionId: string) => Promise<boolean> = async () => false) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user: AuthUser & { sessionId: string }): Promise<string> {
      return new SignJWT({ role: user.role, sid: user.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: "at+jwt" })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key);
    },

    /** The user the token speaks for, or null when it is missing, forged, expired or not an access token. */
    async verify(token: string): Promise<(AuthUser & { sessionId: string }) | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: "at+jwt",
          requiredClaims: ["exp", "sub"],
        });
        const role = USER_ROLES.find((known) => known === payload.role) ?? "customer";
        const sessionId = String(payload.sid ?? "");
        if (await isRevoked(sessionId)) return null;
        return { id: String(payload.sub), role, sessionId };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
