/** What a secret is replaced with in the stored copy of a delivered mail. */
export const REDACTED = "[redacted]";

/** `text` with every occurrence of each secret replaced; the stored copy keeps its shape and loses the secret. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((result, secret) => result.split(secret).join(REDACTED), text);
}

/** The secrets column's value read back; anything unreadable counts as none. */
export function parseSecrets(column: string | null): string[] {
  if (!column) return [];
  try {
    const parsed: unknown = JSON.parse(column);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
