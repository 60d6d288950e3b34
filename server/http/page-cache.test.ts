import { createHash } from "node:crypto";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, cspWithHashes, inlineScriptHashes, pageBytes, pickEncoding } from "./page-cache";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("page cache", () => {
  it("hashes every inline script the browser runs, not external scripts or JSON-LD", () => {
    const html =
      '<script nonce="n1">a()</script><script src="/x.js"></script><script type="module" nonce="n1">import "/y.js";</script>' +
      '<script type="application/ld+json">{"@type":"Service"}</script>';
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/y.js";')]);
  });

  it("swaps the nonces of the CSP for the page's hashes in script-src only", () => {
    const csp = "default-src 'self';script-src 'self' 'nonce-abc';script-src-attr 'none';style-src 'self' 'nonce-abc'";
    expect(cspWithHashes(csp, ["'sha256-A'", "'sha256-B'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-A' 'sha256-B';script-src-attr 'none';style-src 'self'",
    );
  });

  it("keeps pages compressed and gives back the same bytes in every encoding", async () => {
    const cache = createPageCache();
    const html = Buffer.from("<html>" + "café ".repeat(500) + "</html>");
    cache.set("k", html, { "content-type": "text/html" });
    const page = cache.get("k")!;
    await page.compressed;
    expect(gunzipSync(pageBytes(page, "gzip")).equals(html)).toBe(true);
    expect(brotliDecompressSync(pageBytes(page, "br")).equals(html)).toBe(true);
    expect(pageBytes(page, "br")).toBe(page.br);
    expect(page.br!.length).toBeLessThan(html.length / 10);
    // The compressed forms count against the cache's bound once they are in.
    expect(cache.bytes).toBe(html.length + page.br!.length + page.gzip!.length);
  });

  it("answers a page kept a moment ago in every encoding before the thread pool has compressed it", async () => {
    const cache = createPageCache();
    const html = Buffer.from("<html>" + "señal ".repeat(400) + "</html>");
    const page = cache.set("k", html, {});
    // Nothing has awaited yet: the thread pool's forms cannot be in.
    expect([page.br, page.gzip]).toEqual([undefined, undefined]);
    expect(brotliDecompressSync(pageBytes(page, "br")).equals(html)).toBe(true);
    expect(gunzipSync(pageBytes(page, "gzip")).equals(html)).toBe(true);
    expect(pageBytes(page, "identity")).toBe(html);
    await page.compressed;
    expect(brotliDecompressSync(page.br!).equals(html)).toBe(true);
  });

  it("stays within its bounds, dropping the least recently used page first", () => {
    const cache = createPageCache({ maxEntries: 2 });
    cache.set("a", Buffer.from("a"), {});
    cache.set("b", Buffer.from("b"), {});
    cache.get("a");
    cache.set("c", Buffer.from("c"), {});
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([true, false, true]);
    const small = createPageCache({ maxBytes: 200 });
    for (const key of ["x", "y", "z"]) small.set(key, Buffer.from(key.repeat(40)), {});
    expect(small.bytes).toBeLessThanOrEqual(200);
    small.clear();
    expect(small.size).toBe(0);
  });

  it("answers in brotli, then gzip, then plain, as the client accepts", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});
