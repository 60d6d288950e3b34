import { createHmac, randomBytes } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** "abcde-fghij": 10 characters of an alphabet without look-alikes (about 50 bits), easy to copy from paper. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a recovery code is stored: an HMAC keyed with the server's secret, bound to its user. */
export function recoveryHasher(secret: string): (userId: string, code: string) => string {
  return (userId, code) => createHmac("sha256", secret).update(`staff-recovery:${userId}:${code}`).digest("base64url");
}
