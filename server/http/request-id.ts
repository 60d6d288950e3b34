import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/**
 * A request's id, in every log line and in `X-Request-Id`: the proxy's own when the proxy is trusted (a client cannot
 * choose what lands in our logs), otherwise a new one.
 */
export function requestIdOf(headers: IncomingHttpHeaders, trustProxy: boolean): string {
  const given = trustProxy ? headers["x-request-id"] : undefined;
  return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}
