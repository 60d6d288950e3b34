import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from "node:zlib";
import { memoByText } from "../../common/memo-by-text";
import { cspHash } from "./security-headers";

/** A rendered public page kept with everything needed to answer without rendering it again. */
export interface CachedPage {
  headers: Record<string, string>;
  identity: Buffer;
  /** At their best quality, made in the thread pool once the page is kept (until then pageBytes compresses quickly). */
  gzip?: Buffer;
  br?: Buffer;
  /** Settles once `gzip` and `br` are in (or could not be made). */
  compressed: Promise<void>;
  /** `'sha256-…'` of every inline script in the HTML: the CSP of a cached answer allows exactly these. */
  scriptHashes: string[];
  /** The CSP of this page's answers, worked out on the first one (the base policy does not change). */
  csp?: string;
}

export type Encoding = "br" | "gzip" | "identity";

export interface PageCacheOptions {
  maxEntries?: number;
  /** Bound on the bytes held (all three encodings counted). */
  maxBytes?: number;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** Hashes of the inline scripts a browser will execute (JSON data blocks are not scripts and need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/type=["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(cspHash(body));
  }
  return [...hashes];
}

/**
 * The response's CSP with its per-response nonces swapped for the page's script hashes: the cached HTML still
 * carries the nonce of the render that produced it, which is therefore no longer trusted.
 */
export function cspWithHashes(csp: string, hashes: readonly string[]): string {
  return csp
    .split(";")
    .map((directive) => {
      const trimmed = directive.trim();
      const withoutNonce = trimmed.replace(/\s*'nonce-[^']*'/g, "");
      return trimmed.split(/\s+/)[0] === "script-src" ? [withoutNonce, ...hashes].join(" ") : withoutNonce;
    })
    .join(";");
}

/** br, then gzip, then identity, as the client accepts them (`q=0` refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  return acceptEncoding ? encodingOfHeader(acceptEncoding) : "identity";
}

// Asked on every cached answer: each spelling of the header is parsed once.
const encodingOfHeader = memoByText((acceptEncoding: string): Encoding => {
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0+)?$/.test(part))
      .map((part) => part.split(";")[0]),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
});

const gzipInPool = promisify(gzip);
const brotliInPool = promisify(brotliCompress);

/** A page's gzip (level 9) and brotli (quality 9) forms, made in libuv's thread pool, off the event loop. */
async function compressInPool(html: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gzipped, brotli] = await Promise.all([
    gzipInPool(html, { level: 9 }),
    brotliInPool(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
  ]);
  return { gzip: gzipped, br: brotli };
}

/** `body` compressed as a rendered answer is (brotli 4, gzip 6): a few milliseconds. */
export function compressQuickly(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br" ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(body);
}

/** The page's bytes in `encoding`: its kept compression, or quickly compressed until the thread pool has made that. */
export function pageBytes(page: CachedPage, encoding: Encoding): Buffer {
  return encoding === "identity" ? page.identity : (page[encoding] ?? compressQuickly(page.identity, encoding));
}

/** Bounded in-memory LRU of rendered pages, kept compressed (brotli and gzip made in the thread pool). */
export function createPageCache({ maxEntries = 1000, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions = {}) {
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  const sizeOf = (page: CachedPage) => page.identity.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);

  const evict = (key: string) => {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
  };

  const keepWithinBounds = () => {
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      evict(oldest);
    }
  };

  /** The page's best forms, counted against the bound while it is still the one kept under `key`. */
  const keepCompressed = (key: string, page: CachedPage, forms: { gzip: Buffer; br: Buffer }) => {
    Object.assign(page, forms);
    if (entries.get(key) !== page) return;
    bytes += forms.gzip.length + forms.br.length;
    keepWithinBounds();
  };

  return {
    get(key: string): CachedPage | undefined {
      const page = entries.get(key);
      if (!page) return undefined;
      // Most recently used moves to the end; eviction takes from the front.
      entries.delete(key);
      entries.set(key, page);
      return page;
    },

    /**
     * Keeps a page at once and returns the entry; its brotli and gzip forms follow from the thread pool. Brotli at
     * quality 9 takes ~95 ms of a 67 KB page: made on the event loop, every miss stopped it that long (issue 27).
     */
    set(key: string, html: Buffer, headers: Record<string, string>): CachedPage {
      const page: CachedPage = {
        headers,
        identity: html,
        scriptHashes: inlineScriptHashes(html.toString("utf8")),
        // Failing, the page keeps being compressed quickly on each answer.
        compressed: compressInPool(html).then((forms) => keepCompressed(key, page, forms), () => undefined),
      };
      evict(key);
      if (sizeOf(page) > maxBytes) return page;
      entries.set(key, page);
      bytes += sizeOf(page);
      keepWithinBounds();
      return page;
    },

    clear(): void {
      entries.clear();
      bytes = 0;
    },

    get size(): number {
      return entries.size;
    },

    get bytes(): number {
      return bytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
