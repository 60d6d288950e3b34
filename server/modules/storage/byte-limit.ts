import { Transform } from "node:stream";
import { DomainError } from "../../platform/domain-error";

/** The error of an upload over its limit: a 413 naming the limit. */
export const tooLarge = (limit: number) => new DomainError("too_large", { detail: { key: "detail.413", params: { limit } } });

/**
 * Passes bytes through until more than `limit` have gone by, then fails with a 413, so a body without (or lying
 * about) its Content-Length is stopped as soon as it crosses the limit and storage drops the partial file.
 */
export function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge(limit) : null, seen > limit ? undefined : chunk);
    },
  });
}
