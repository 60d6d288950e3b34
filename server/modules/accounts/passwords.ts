import type { Algorithm } from "@node-rs/argon2";

/** The native hashing module, loaded on the first password hashed or checked (issue 27: not at start). */
let argon2: Promise<typeof import("@node-rs/argon2")> | undefined;
const loadArgon2 = () => (argon2 ??= import("@node-rs/argon2"));

/** `Algorithm.Argon2id`: the package's const enum cannot be read under verbatimModuleSyntax. */
const ARGON2ID = 2 as Algorithm;

/** argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane. Raising these rehashes at next sign-in. */
export const PASSWORD_HASH_PARAMETERS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, PASSWORD_HASH_PARAMETERS);
}

/** False for a wrong password and for a stored value that is not a valid hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters than today's. */
export async function needsRehash(storedHash: string): Promise<boolean> {
  const { parseOptions } = await loadArgon2();
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== PASSWORD_HASH_PARAMETERS.algorithm ||
      used.memoryCost !== PASSWORD_HASH_PARAMETERS.memoryCost ||
      used.timeCost !== PASSWORD_HASH_PARAMETERS.timeCost ||
      used.parallelism !== PASSWORD_HASH_PARAMETERS.parallelism
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of a real check when there is no account, so a wrong email and a wrong password cannot be
 * told apart by timing. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("no account has this password");
  await verifyPassword(await dummyHash, password);
  return false;
}
