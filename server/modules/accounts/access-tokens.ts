import { USER_ROLES } from "../../../contract/accounts";
import { SignJWT, errors, jwtVerify } from "jose";
import type { AuthUser } from "./auth-user";

const ISSUER = "scriptorium";
const AUDIENCE = "scriptorium-api";
const ALGORITHM = "HS256";
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Tokens whose signature and fixed claims were checked, kept so that a client's next request skips the HMAC. */
const VERIFIED_CACHE_SIZE = 2_000;

type Payload = Awaited<ReturnType<typeof jwtVerify>>["payload"];

/** The claims that depend on the time, checked as jose checks them: still before `exp`, and not before `nbf`. */
function stillValid(payload: Payload, nowSeconds: number): boolean {
  return typeof payload.exp === "number" && payload.exp > nowSeconds && (payload.nbf === undefined || payload.nbf <= nowSeconds);
}

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

  // The signature, issuer, audience and type of a token never change: once checked they are remembered (by the whole
  // token, so a single changed byte misses), and a hit checks only the claims that depend on the time. Placing an
  // order spent a third of a millisecond in HMAC (WebCrypto, a thread pool hop) per request (issue 27).
  const checked = new Map<string, Payload>();
  const remember = (token: string, payload: Payload) => {
    if (checked.size >= VERIFIED_CACHE_SIZE) checked.delete(checked.keys().next().value as string);
    checked.set(token, payload);
  };

  /** The payload under the first key whose signature matches; null when none does or a claim is wrong. */
  const verified = async (token: string) => {
    const known = checked.get(token);
    if (known) return stillValid(known, Math.floor(Date.now() / 1000)) ? known : null;
    for (const candidate of keys) {
      try {
        const { payload } = await jwtVerify(token, candidate, options);
        remember(token, payload);
        return payload;
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
