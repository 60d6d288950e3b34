import { dictionary } from "@zxcvbn-ts/language-common";
import { DomainError } from "../../platform/domain-error";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../contract/accounts";

/**
 * The ranked list of common passwords shipped by @zxcvbn-ts/language-common (≈49,000 entries, lowercase,
 * most common first — a superset of the top 10,000). Only entries the length rule would accept are kept.
 * See docs/decisions/0007-accounts-common-passwords.md.
 */
let common: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary["passwords-common"].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH && entry.length <= PASSWORD_MAX_LENGTH),
  );
  return common;
}

/** Case-insensitive: "Password1" is as common as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** 400 at `password` when the new password is on the list. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw DomainError.field("password", "accounts.passwordTooCommon");
}
