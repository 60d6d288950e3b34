import { Buffer } from "node:buffer";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import type * as S3Uploads from "@aws-sdk/lib-storage";
import type { S3Errors } from "./s3-errors";

const PART_BYTES = 8 * 1024 * 1024;

/** What moving bytes to and from one bucket needs: the client, the SDK's classes and the error mapping. */
export interface S3Bucket {
  client: S3.S3Client;
  bucket: string;
  sdk: Pick<typeof S3, "GetObjectCommand" | "PutObjectCommand">;
  Upload: typeof S3Uploads.Upload;
  errors: S3Errors;
}

/**
 * Writes one object: a buffer as one PutObject, a stream as a multipart upload in 8 MiB parts, four at a time (some
 * 32 MiB of memory whatever the size); a failed upload is aborted, so no part is left behind.
 */
export async function putObject(
  { client, bucket, sdk, Upload, errors }: S3Bucket,
  key: string,
  body: Buffer | Readable,
): Promise<void> {
  if (Buffer.isBuffer(body)) {
    await client
      .send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length }))
      .catch((error: unknown) => {
        throw errors.asStorageError(error);
      });
    return;
  }
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: body },
    partSize: PART_BYTES,
    queueSize: 4,
    leavePartsOnError: false,
  });
  // A source stream that fails (an upload over its limit) must end the upload too, or it would wait for bytes forever.
  const failed = new Promise<never>((_, reject) => body.once("error", reject));
  try {
    await Promise.race([upload.done(), failed]);
  } catch (error) {
    await upload.abort().catch(() => undefined);
    throw errors.asStorageError(error);
  }
}

/** Streams one object (or a byte range of it); a reader that goes away early cancels the request. */
export function readObject(
  { client, bucket, sdk, errors }: S3Bucket,
  key: string,
  range?: { start: number; end: number },
): Readable {
  const out = new PassThrough();
  const abort = new AbortController();
  let finished = false;
  // A reader that goes away early (a closed download) cancels the request or the body still coming in.
  out.once("close", () => {
    if (!finished) abort.abort();
  });
  const request = new sdk.GetObjectCommand({
    Bucket: bucket,
    Key: key,
    Range: range ? `bytes=${range.start}-${range.end}` : undefined,
  });
  client
    .send(request, { abortSignal: abort.signal })
    .then(async (answer) => {
      if (!(answer.Body instanceof Readable)) throw new Error(`storage key ${key}: S3 answered without a body stream`);
      await pipeline(answer.Body, out);
      finished = true;
    })
    .catch((error: unknown) => {
      const failure = errors.asStorageError(error);
      if (!out.destroyed) out.destroy(failure instanceof Error ? failure : new Error(String(failure)));
    });
  return out;
}
