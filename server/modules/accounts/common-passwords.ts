import { DomainError } from "../../platform/domain-error";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../contract/accounts";

/**
 * The ranked list of common passwords shipped by @zxcvbn-ts/language-common (≈49,000 entries, lowercase,
 * most common first — a superset of the top 10,000). Only entries the length rule would accept are kept.
 * See docs/decisions/0007-accounts-common-passwords.md.
 */
let common: Promise<ReadonlySet<string>> | null = null;

/** Loaded (and decompressed) on the first password checked, not at start (issue 27). */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(dictionary["passwords-common"].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH && entry.length <= PASSWORD_MAX_LENGTH)),
  );
  return common;
}

/** Case-insensitive: "Password1" is as common as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** 400 at `password` when the new password is on the list. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw DomainError.field("password", "accounts.passwordTooCommon");
}
