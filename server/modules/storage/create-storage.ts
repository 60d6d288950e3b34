import path from "node:path";
import type { Config } from "../../config";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { FileStorage } from "./storage";

type S3Settings = Pick<Config, "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">;

/** The storage chosen by STORAGE: `DATA_DIR/files` on local disk, or an S3 bucket (docs/decisions/0016-storage-local-or-s3.md). */
export function createStorage(config: Pick<Config, "STORAGE" | "DATA_DIR"> & Partial<S3Settings> & { DOWNLOAD_ACCEL_PATH?: string }): FileStorage {
  if (config.STORAGE === "s3") {
    // loadConfig already refuses STORAGE=s3 without S3_BUCKET; this guards callers that build a config by hand.
    if (!config.S3_BUCKET) throw new Error("S3_BUCKET is required when STORAGE=s3");
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? "us-east-1",
      endpoint: config.S3_ENDPOINT,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, "files"), { proxyPrefix: config.DOWNLOAD_ACCEL_PATH });
}
