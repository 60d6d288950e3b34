import { DomainError } from "./domain-error";

/** The backing services a store depends on, as `/readyz` and `/metrics` name them. */
export type DependencyName = "database" | "redis" | "storage" | "mail";

/** Seconds a client is told to wait (`Retry-After`) when a dependency is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** Socket errors that mean the other side is not there (or went away), not that the request was wrong. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENETDOWN",
  "ENOTFOUND", "EAI_AGAIN", "ESOCKETTIMEDOUT", "ECONNECTION", "ETIMEOUT",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not there yet: 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down, recovering), 53300 too_many_connections; class 08 is
 * connection_exception (08000, 08003, 08006, 08001, 08004…).
 */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** What `pg` says (no code) when a connection could not be had or broke under it. */
const CONNECTION_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "connection timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

function codeOf(error: object): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

/** True when `error` (or its cause, or one of an AggregateError's errors) says a backing service could not be reached. */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  if (error instanceof DependencyUnavailable) return true;
  const code = codeOf(error);
  if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = error instanceof Error ? error.message : "";
  if (CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure((error as { cause?: unknown }).cause, depth + 1);
}

/** A short name for a failure in a log line: its code, else its message (never a stack). */
export function failureName(error: unknown): string {
  if (!error || typeof error !== "object") return String(error);
  if (error instanceof DependencyUnavailable) return `${error.dependency}: ${error.cause === undefined ? "down" : failureName(error.cause)}`;
  if (error instanceof DomainError && error.cause !== undefined) return `${error.message}: ${failureName(error.cause)}`;
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${code} ${message}`.slice(0, 200) : message.slice(0, 200);
}

/**
 * A dependency is down: the domain's `unavailable` (503 with `Retry-After` in the contract's shape, one warn line in
 * the log). `detail` is `dependency.<name>` from the catalogues.
 */
export class DependencyUnavailable extends DomainError {
  constructor(
    readonly dependency: DependencyName,
    cause?: unknown,
  ) {
    super("unavailable", { detail: { key: `dependency.${dependency}` }, retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS, cause });
  }
}

/** `error` as a DependencyUnavailable when it is a connection failure; otherwise `error` itself. */
export function asUnavailable(dependency: DependencyName, error: unknown): unknown {
  if (error instanceof DependencyUnavailable) return error;
  return isConnectionFailure(error) ? new DependencyUnavailable(dependency, error) : error;
}
