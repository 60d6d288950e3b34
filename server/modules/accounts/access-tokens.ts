import { USER_ROLES } from "../../../contract/accounts";
import { SignJWT, errors, jwtVerify } from "jose";
import type { AuthUser } from "./auth-user";

const ISSUER = "scriptorium";
const AUDIENCE = "scriptorium-api";
const ALGORITHM = "HS256";
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/**
 * Short-lived access JWTs: HS256 pinned; exp, iss, aud and the token type are checked on every request, and so is
 * the sign-in (`sid`) when `isRevoked` is given, so an ended sign-in's tokens stop working at once. Tokens are
 * signed with `secret` only; those signed with one of `previousSecrets` (a rotation in progress) still verify.
 */
export function createAccessTokens(
  secret: string,
  isRevoked: (sessionId: string) => Promise<boolean> = async () => false,
  previousSecrets: string[] = [],
) {
  const encoder = new TextEncoder();
  const key = encoder.encode(secret);
  const keys = [key, ...previousSecrets.map((previous) => encoder.encode(previous))];
  const options = { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, typ: "at+jwt", requiredClaims: ["exp", "sub"] };

  /** The payload under the first key whose signature matches; null when none does or a claim is wrong. */
  const verified = async (token: string) => {
    for (const candidate of keys) {
      try {
        return (await jwtVerify(token, candidate, options)).payload;
      } catch (error) {
        if (!(error instanceof errors.JWSSignatureVerificationFailed)) return null;
      }
    }
    return null;
  };
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

    /**
     * The user the token speaks for, or null when it is missing, forged, expired, not an access token or its sign-in
     * ended. A failure to find out whether the sign-in ended (the database down) is thrown, never taken for a
     * signed-out user: it must not read as "sign in again".
     */
    async verify(token: string): Promise<(AuthUser & { sessionId: string }) | null> {
      let payload: Awaited<ReturnType<typeof verified>>;
      try {
        payload = await verified(token);
      } catch {
        return null;
      }
      if (!payload) return null;
      const role = USER_ROLES.find((known) => known === payload.role) ?? "customer";
      const sessionId = String(payload.sid ?? "");
      if (await isRevoked(sessionId)) return null;
      return { id: String(payload.sub), role, sessionId };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
