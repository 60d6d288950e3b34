import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./config";
import { ensurePrivateDir } from "./platform/private-files";

/** JWT_SECRET when set; otherwise a random key generated once and kept in DATA_DIR/jwt-secret. */
export function jwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.DATA_DIR, "jwt-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    ensurePrivateDir(config.DATA_DIR);
    const secret = randomBytes(48).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
