import type { FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../../platform/domain-error";
import type { FileStorage } from "../storage";
import type { ResultFile } from "./order-files";

export type RangeAnswer =
  | { kind: "whole" }
  | { kind: "part"; start: number; end: number }
  | { kind: "unsatisfiable" };

/**
 * Reads a `Range` header for a file of `size` bytes (RFC 9110 §14). One range, including the suffix form `-n` and
 * the open form `a-`, is served as a part; several ranges, another unit or a malformed header get the whole file.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const ranges = header ? /^bytes=([^,]*)$/i.exec(header.trim())?.[1] : undefined;
  if (ranges === undefined) return { kind: "whole" };
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(ranges);
  if (!spec || (spec[1] === "" && spec[2] === "")) return { kind: "whole" };
  if (spec[1] === "") {
    const suffix = Number(spec[2]);
    return suffix === 0 || size === 0 ? { kind: "unsatisfiable" } : { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const last = spec[2] === "" ? Infinity : Number(spec[2]);
  if (last < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end: Math.min(last, size - 1) };
}

/** Types a browser shows itself without running anything of the file: staff preview them in a tab. */
const PREVIEWED = ["application/pdf", "image/png", "image/jpeg"];

/** `inline` for a PDF or an image (a preview), `attachment` for everything else. */
export function dispositionFor(contentType: string): "inline" | "attachment" {
  return PREVIEWED.includes((contentType.split(";")[0] ?? "").trim().toLowerCase()) ? "inline" : "attachment";
}

/** `attachment` (or `inline`) with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 8187). */
export function contentDisposition(fileName: string, type: "inline" | "attachment" = "attachment"): string {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

/**
 * Streams a delivered file (never buffered): 200 whole, 206 for one satisfiable range, 416 with
 * `Content-Range: bytes *\/size` otherwise, 304 for a matching If-None-Match. `If-Range` honours the range only
 * when it names the current strong ETag (or the exact Last-Modified date). With DOWNLOAD_ACCEL_PATH the bytes go
 * through nginx instead (docs/decisions/0042-downloads-through-nginx.md).
 */
export function sendResult(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ResultFile,
  storage: FileStorage,
  disposition: "inline" | "attachment" = "attachment",
): FastifyReply {
  const etag = `"${file.sha256}"`;
  const lastModified = file.deliveredAt.toUTCString();
  reply.headers({
    "accept-ranges": "bytes",
    etag,
    "last-modified": lastModified,
    "cache-control": "private, no-cache",
  });
  if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();

  const proxied = storage.proxyPath?.(file.key);
  if (proxied) {
    // nginx sends the bytes from its internal location (sendfile) and answers Range and If-Range itself, with its own
    // validators; it keeps Content-Type, Content-Disposition, Accept-Ranges and Cache-Control from this answer.
    return reply
      .type(file.contentType)
      .header("content-disposition", contentDisposition(file.fileName, disposition))
      .header("x-accel-redirect", proxied)
      .code(200)
      .send();
  }

  const ifRange = request.headers["if-range"];
  const rangeApplies = ifRange === undefined || ifRange === etag || ifRange === lastModified;
  const range = rangeApplies ? parseRange(request.headers.range, file.size) : ({ kind: "whole" } as const);
  if (range.kind === "unsatisfiable") {
    throw new DomainError("range_not_satisfiable", { size: file.size });
  }
  reply.type(file.contentType).header("content-disposition", contentDisposition(file.fileName, disposition));
  if (range.kind === "part") {
    return reply
      .code(206)
      .headers({ "content-range": `bytes ${range.start}-${range.end}/${file.size}`, "content-length": range.end - range.start + 1 })
      .send(storage.read(file.key, range));
  }
  return reply.code(200).header("content-length", file.size).send(storage.read(file.key));
}
