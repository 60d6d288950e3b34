import { createHash, randomFillSync } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config";

/** The policy every answer carries; rendered pages add their nonce to script-src and style-src. */
const CSP_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ["default-src", "'self'"],
  ["script-src", "'self'"],
  ["style-src", "'self'"],
  ["img-src", "'self' data:"],
  ["font-src", "'self'"],
  ["connect-src", "'self'"],
  ["form-action", "'self' https://checkout.stripe.com"],
  ["frame-ancestors", "'none'"],
  ["object-src", "'none'"],
  ["base-uri", "'self'"],
];

/** `'sha256-…'` of an inline block's text, as CSP allows it. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

function csp(nonce?: string, styleHashes: readonly string[] = []): string {
  return CSP_DIRECTIVES.map(([name, value]) => {
    const extra = [...(name === "style-src" ? styleHashes : []), ...(nonce && (name === "script-src" || name === "style-src") ? [`'nonce-${nonce}'`] : [])];
    return [name, value, ...extra].join(" ");
  }).join(";");
}

/** The store uses none of these powerful features; nothing embedded may either. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()";

/**
 * Every header that is the same on every answer, worked out once. Framing is refused by CSP `frame-ancestors 'none'`,
 * so no `X-Frame-Options` (its SAMEORIGIN would contradict it for browsers that read only the older header).
 */
export function staticSecurityHeaders(options: { production: boolean; csp: boolean; styleHashes?: readonly string[] }): Record<string, string> {
  return {
    ...(options.csp ? { "content-security-policy": csp(undefined, options.styleHashes) } : {}),
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "permissions-policy": PERMISSIONS_POLICY,
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(options.production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
}

declare module "fastify" {
  interface FastifyReply {
    /**
     * Draws a nonce for this answer and puts it in its CSP (script-src and style-src). Only answers that render
     * HTML with inline scripts or styles call it; every other answer keeps the precomputed policy.
     */
    cspNonce(): string;
  }
}

const NONCE_BYTES = 16;
const nonces = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = nonces.length;

/**
 * A page's CSP nonce: 16 bytes from the CSPRNG, base64, each used once. Taken from a buffer filled 256 nonces at a
 * time (as Node's own randomUUID does): one `randomBytes(16)` and its Buffer per page was 2 % of a page's CPU.
 */
function nextNonce(): string {
  if (nonceAt === nonces.length) {
    randomFillSync(nonces);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return nonces.toString("base64", nonceAt - NONCE_BYTES, nonceAt);
}

/**
 * Security headers on every response, precomputed at start: one hook copies a frozen list, no per-response
 * middleware and no random bytes unless a page asks for a nonce (helmet drew them on every answer).
 * Returns `allowInlineStyle`: the pages' inline stylesheet, once known, is allowed by its hash on every answer; and
 * `current`: the headers every answer carries now, for answers given before Fastify (server/http/page-cache-door.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  options: { dev: boolean },
): { allowInlineStyle(text: string): void; current(): Readonly<Record<string, string>> } {
  const withCsp = !options.dev;
  const styleHashes: string[] = [];
  const headers = () => staticSecurityHeaders({ production: config.isProduction && !config.tryOut, csp: withCsp, styleHashes });
  let current = headers();
  let entries = Object.entries(current);
  app.decorateReply("cspNonce", function (this: FastifyReply): string {
    const nonce = nextNonce();
    if (withCsp) this.header("content-security-policy", csp(nonce, styleHashes));
    return nonce;
  });
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
  return {
    allowInlineStyle(text) {
      styleHashes.push(cspHash(text));
      current = headers();
      entries = Object.entries(current);
    },
    current: () => current,
  };
}
