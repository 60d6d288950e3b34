import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_CURRENCY, isCurrency } from "../../contract/currency";
import { localeRedirectOf } from "../../common/locale-redirect";
import { COOKIES, readCookie } from "../../common/cookies";
import { PUBLIC_PATHS } from "../../common/public-pages";
import { compressQuickly, cspWithHashes, pageBytes, pickEncoding, type CachedPage, type Encoding, type PageCache } from "./page-cache";

/** Response headers that belong to one answer only and are never replayed from the cache. */
const PER_RESPONSE = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "date", "connection", "content-security-policy"]);

/**
 * The cache key of a page request, or null when the answer must be rendered: only GETs of a public page (CONTRACT
 * §1) without a query string, and not when the locale rules redirect it. Public pages depend on nothing but path
 * (which carries the locale), currency cookie and build.
 */
export function pageCacheKey(request: Pick<IncomingMessage, "method" | "url" | "headers">, buildId: string): string | null {
  if (request.method !== "GET") return null;
  const raw = request.url ?? "/";
  if (raw.includes("?") || !PUBLIC_PATHS.has(raw)) return null;
  const cookie = request.headers.cookie;
  if (localeRedirectOf(raw, "", cookie, request.headers["accept-language"])) return null;
  const currency = readCookie(cookie, COOKIES.currency);
  return `${buildId}|${isCurrency(currency) ? currency : DEFAULT_CURRENCY}|${raw}`;
}

/** Keeps a freshly rendered 200 page (unless it sets a cookie) and returns the entry, or null. `body`: the bytes when
 * the entry rendered them outside the Response (app/entry.server.tsx). */
export async function storePage(cache: PageCache, key: string, response: Response, body: Uint8Array | null = null): Promise<CachedPage | null> {
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!PER_RESPONSE.has(name)) headers[name] = value;
  return cache.set(key, body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : Buffer.from(await response.arrayBuffer()), headers);
}

/** Answers one rendered page compressed for the client as the compression plugin would (brotli 4, gzip 6). */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  const encoding = body.length < 1024 ? "identity" : pickEncoding(request.headers["accept-encoding"]);
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  if (encoding === "identity") return reply.send(body);
  reply.header("content-encoding", encoding);
  return reply.send(compressQuickly(body, encoding));
}

/**
 * The headers of a stored page's answer in `encoding`, on top of the security headers every answer carries: the
 * page's own, a CSP built from the page's script hashes instead of the render's nonce, and what varies.
 */
export function cachedPageHeaders(page: CachedPage, encoding: Encoding, state: "hit" | "miss", baseCsp: unknown): Record<string, string> {
  return {
    ...page.headers,
    ...(typeof baseCsp === "string" ? { "content-security-policy": (page.csp ??= cspWithHashes(baseCsp, page.scriptHashes)) } : {}),
    vary: "Accept-Encoding, Accept-Language, Cookie",
    "x-page-cache": state,
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
  };
}

/** Answers with stored bytes in the best encoding the client takes, and a CSP built from the page's script hashes. */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: "hit" | "miss") {
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  reply.headers(cachedPageHeaders(page, encoding, state, reply.getHeader("content-security-policy")));
  return reply.status(200).send(pageBytes(page, encoding));
}
