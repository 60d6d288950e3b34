import type { IncomingMessage, ServerResponse } from "node:http";
import { cachedPageHeaders, pageCacheKey } from "./page-cache-http";
import { pageBytes, pickEncoding, type PageCache } from "./page-cache";
import type { FirstAnswer } from "./front-door";

/** What a page-cache hit answered at the door needs from the rest of the app to answer exactly as Fastify would. */
export interface PageCacheDoorOptions {
  cache: PageCache;
  buildId: string;
  /** The security headers every answer carries (server/http/security-headers.ts). */
  securityHeaders(): Readonly<Record<string, string>>;
  requestId(request: IncomingMessage): string;
  /** False once the server is closing: Fastify then answers, ending each connection as it should. */
  open(): boolean;
  /** After each answer: metrics and the sampled request log, as Fastify's hooks record its own answers. */
  answered(answer: { request: IncomingMessage; requestId: string; route: string; status: number; seconds: number }): void;
}

/**
 * Page-cache hits answered before Fastify builds a request and a reply (docs/decisions/0043-page-cache-hits-at-the-door.md):
 * a cached public page goes out with the headers the Fastify route would send (security headers, request id, the
 * page's CSP, vary, encoding), counted and logged the same way. Everything else — a miss, a query string, a redirect
 * by language, HEAD, a request with a token, a closing server — is Fastify's.
 */
export function pageCacheDoor(options: PageCacheDoorOptions): FirstAnswer {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.authorization || !options.open()) return false;
    const key = pageCacheKey(request, options.buildId);
    const page = key ? options.cache.get(key) : undefined;
    if (!page) return false;
    const started = performance.now();
    const requestId = options.requestId(request);
    const security = options.securityHeaders();
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    const body = pageBytes(page, encoding);
    response.writeHead(200, {
      "x-request-id": requestId,
      ...security,
      ...cachedPageHeaders(page, encoding, "hit", security["content-security-policy"]),
      "content-length": body.length,
    });
    response.end(body);
    options.answered({ request, requestId, route: request.url ?? "/", status: 200, seconds: (performance.now() - started) / 1000 });
    return true;
  };
}
