/** What a secret is replaced with in the stored copy of a delivered mail. */
export const REDACTED = "[redacted]";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * `text` with every occurrence of each secret replaced; the stored copy keeps its shape and loses the secret. The
 * HTML part holds a secret escaped (`&` as `&amp;`), so each secret's escaped spellings are replaced too.
 */
export function redact(text: string, secrets: readonly string[]): string {
  const spellings = new Set(secrets.filter((secret) => secret.length > 0).flatMap((secret) => [secret, escapeHtml(secret), escapeHtml(secret).replace(/&#x27;/g, "&#39;")]));
  return [...spellings].sort((a, b) => b.length - a.length).reduce((result, secret) => result.split(secret).join(REDACTED), text);
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
