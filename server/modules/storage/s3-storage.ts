import { Buffer } from "node:buffer";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import type * as S3Uploads from "@aws-sdk/lib-storage";
import { DomainError } from "../../platform/domain-error";
import { loadOnFirstUse } from "../../platform/load-on-first-use";
import { DependencyUnavailable, isConnectionFailure } from "../../platform/unavailable";
import { assertStorageKey, type FileStorage, type StoredFileInfo } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3 service (MinIO, Cloudflare R2, a fake in tests): addressed path-style, `<endpoint>/<bucket>/<key>`. */
  endpoint?: string;
  /** Left out: the SDK's own chain (AWS_* variables, shared profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const PART_BYTES = 8 * 1024 * 1024;
/** A connection to S3 not made by then counts as a failure (the SDK then retries, up to three tries in all). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long the `/readyz` probe (HeadBucket) may take. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Files as objects in one S3 bucket, the key as the object key. A put is one PutObject, so a reader sees the old
 * object or the new one, never half of either. A stream goes up as a multipart upload (`@aws-sdk/lib-storage`) in
 * 8 MiB parts, four at a time, so a 200 MB result costs some 32 MiB of memory, never its whole size; a small file is
 * one PutObject. A failed upload is aborted, so no part is left behind.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  // The SDK loads with the first S3 storage: a store on local disk never loads it.
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, S3ServiceException } =
    loadOnFirstUse("@aws-sdk/client-s3") as typeof S3;
  const { Upload } = loadOnFirstUse("@aws-sdk/lib-storage") as typeof S3Uploads;
  const isMissing = (error: unknown): boolean => {
    if (error instanceof NotFound || error instanceof NoSuchKey) return true;
    return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
  };
  /** S3's own fault (unreachable, a 5xx, a timeout): the store answers 503 with Retry-After, never 500. */
  const isServiceFault = (error: unknown): boolean => {
    if (isConnectionFailure(error)) return true;
    if (error instanceof S3ServiceException && (error.$fault === "server" || (error.$metadata.httpStatusCode ?? 0) >= 500)) return true;
    const name = (error as { name?: string } | null)?.name;
    return name === "TimeoutError" || name === "RequestTimeout" || name === "RequestTimeoutException";
  };
  /** A failure as the client should see it: a missing object is 404, S3 being down is 503, the rest stays as it is. */
  const asStorageError = (error: unknown): unknown => {
    if (error instanceof DomainError) return error;
    if (isMissing(error)) return DomainError.notFound();
    return isServiceFault(error) ? new DependencyUnavailable("storage", error) : error;
  };
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.endpoint !== undefined,
    credentials: options.credentials,
    // Checksums only where S3 demands them: several S3-compatible services reject the SDK's newer default checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
  });

  const stat = async (key: string): Promise<StoredFileInfo | null> => {
    assertStorageKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date() };
    } catch (error) {
      if (isMissing(error)) return null;
      throw asStorageError(error);
    }
  };

  return {
    async put(key, body) {
      assertStorageKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length })).catch((error: unknown) => {
          throw asStorageError(error);
        });
      } else {
        const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: body }, partSize: PART_BYTES, queueSize: 4, leavePartsOnError: false });
        // A source stream that fails (an upload over its limit) must end the upload too, or it would wait for bytes forever.
        const failed = new Promise<never>((_, reject) => body.once("error", reject));
        try {
          await Promise.race([upload.done(), failed]);
        } catch (error) {
          await upload.abort().catch(() => undefined);
          throw asStorageError(error);
        }
      }
      const stored = await stat(key);
      if (!stored) throw new Error(`storage key ${key} is missing right after it was written`);
      return stored;
    },

    stat,

    read(key, range) {
      assertStorageKey(key);
      const out = new PassThrough();
      const abort = new AbortController();
      let finished = false;
      // A reader that goes away early (a closed download) cancels the request or the body still coming in.
      out.once("close", () => {
        if (!finished) abort.abort();
      });
      const request = new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined });
      client
        .send(request, { abortSignal: abort.signal })
        .then(async (answer) => {
          if (!(answer.Body instanceof Readable)) throw new Error(`storage key ${key}: S3 answered without a body stream`);
          await pipeline(answer.Body, out);
          finished = true;
        })
        .catch((error: unknown) => {
          const failure = asStorageError(error);
          if (!out.destroyed) out.destroy(failure instanceof Error ? failure : new Error(String(failure)));
        });
      return out;
    },

    async remove(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw asStorageError(error);
      }
    },

    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
        return true;
      } catch (error) {
        // Up is "S3 answers": a 4xx (some S3-compatible servers refuse HeadBucket, or the role may not list the
        // bucket) is an answer; unreachable, a timeout (the abort) or a 5xx is down.
        const name = (error as { name?: string } | null)?.name;
        return !(isServiceFault(error) || name === "AbortError");
      }
    },
  };
}
