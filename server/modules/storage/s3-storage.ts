import type * as S3 from "@aws-sdk/client-s3";
import type * as S3Uploads from "@aws-sdk/lib-storage";
import { loadOnFirstUse } from "../../platform/load-on-first-use";
import { createS3Errors } from "./s3-errors";
import { putObject, readObject, type S3Bucket } from "./s3-transfers";
import { assertStorageKey, type FileStorage, type StoredFileInfo } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3 service (MinIO, Cloudflare R2, a fake in tests): addressed path-style, `<endpoint>/<bucket>/<key>`. */
  endpoint?: string;
  /** Left out: the SDK's own chain (AWS_* variables, shared profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A connection to S3 not made by then counts as a failure (the SDK then retries, up to three tries in all). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long the `/readyz` probe (HeadBucket) may take. */
const PROBE_TIMEOUT_MS = 2_000;

/** The bucket with its client; the SDK loads with the first S3 storage, so a store on local disk never loads it. */
function openBucket(options: S3StorageOptions): S3Bucket & { sdk: typeof S3 } {
  const sdk = loadOnFirstUse("@aws-sdk/client-s3") as typeof S3;
  const { Upload } = loadOnFirstUse("@aws-sdk/lib-storage") as typeof S3Uploads;
  const client = new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.endpoint !== undefined,
    credentials: options.credentials,
    // Checksums only where S3 demands them: several S3-compatible services reject the SDK's newer default checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
  });
  return { client, bucket: options.bucket, sdk, Upload, errors: createS3Errors(sdk) };
}

/**
 * Files as objects in one S3 bucket, the key as the object key. A put is one PutObject, so a reader sees the old
 * object or the new one, never half of either. A stream goes up as a multipart upload (`@aws-sdk/lib-storage`) in
 * 8 MiB parts, four at a time, so a 200 MB result costs some 32 MiB of memory, never its whole size; a small file is
 * one PutObject. A failed upload is aborted, so no part is left behind.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const s3 = openBucket(options);
  const { client, bucket, sdk, errors } = s3;

  const stat = async (key: string): Promise<StoredFileInfo | null> => {
    assertStorageKey(key);
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date() };
    } catch (error) {
      if (errors.isMissing(error)) return null;
      throw errors.asStorageError(error);
    }
  };

  return {
    async put(key, body) {
      assertStorageKey(key);
      await putObject(s3, key, body);
      const stored = await stat(key);
      if (!stored) throw new Error(`storage key ${key} is missing right after it was written`);
      return stored;
    },

    stat,

    read(key, range) {
      assertStorageKey(key);
      return readObject(s3, key, range);
    },

    async remove(key) {
      assertStorageKey(key);
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!errors.isMissing(error)) throw errors.asStorageError(error);
      }
    },

    async ping() {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        });
        return true;
      } catch (error) {
        // Up is "S3 answers": a 4xx (some S3-compatible servers refuse HeadBucket, or the role may not list the
        // bucket) is an answer; unreachable, a timeout (the abort) or a 5xx is down.
        const name = (error as { name?: string } | null)?.name;
        return !(errors.isServiceFault(error) || name === "AbortError");
      }
    },
  };
}
