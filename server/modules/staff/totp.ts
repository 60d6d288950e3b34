import * as OTPAuth from "otpauth";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Scriptorium";

const totp = (secret: string, label = "staff") =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** What the enrolment screen shows: the secret, its otpauth:// URL and that URL as a QR code image (data: URL). */
export async function totpEnrolment(
  secret: string,
  accountName: string,
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = totp(secret, accountName).toString();
  return {
    secret,
    otpauthUrl,
    qrCode: await (await import("qrcode")).default.toDataURL(otpauthUrl, {
      errorCorrectionLevel: "M",
      margin: 2,
      width: 240,
    }),
  };
}

/**
 * The time step a 6-digit code belongs to when it is right at `atMs` (one step of clock drift either way is
 * accepted), else null. The caller refuses a step already used, so a code works once.
 */
export function totpStep(secret: string, code: string, atMs: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: atMs, window: 1 });
  return delta === null ? null : Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code for `atMs` (tests and the test helpers sign in with it). */
export function totpCode(secret: string, atMs: number): string {
  return totp(secret).generate({ timestamp: atMs });
}
