import type { Readable } from "node:stream";

export interface StoredFileInfo {
  size: number;
  mtime: Date;
}

/**
 * Where result files live: local disk (`local-storage.ts`) or an S3 bucket (`s3-storage.ts`). Keys are
 * slash-separated names chosen by the server (`results/<order>/<file>`), never by a user.
 */
export interface FileStorage {
  /** Writes the whole file (streamed when given a stream); replaces an existing one at once, never half-written. */
  put(key: string, body: Buffer | Readable): Promise<StoredFileInfo>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Bytes `start` to `end` inclusive (the whole file when left out), as a stream. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * The path the proxy in front sends this file from itself (nginx `X-Accel-Redirect`): only local storage with
   * DOWNLOAD_ACCEL_PATH has one; a download then passes no byte through Node.
   */
  proxyPath?(key: string): string;
  /**
   * Deletes what unfinished uploads left behind (a process killed mid-upload) and last written before `before`;
   * answers how many went. Only local storage has any (`stale-uploads.ts` runs it).
   */
  removeUnfinished?(before: Date): Promise<number>;
  /**
   * True when the storage service answers (S3: HeadBucket). Only a storage that is a service of its own has it;
   * `/readyz` and the `scriptorium_dependency_up` gauge report it. Failures of such a service are thrown as
   * `DependencyUnavailable("storage")` (503), a missing file as `not_found`.
   */
  ping?(): Promise<boolean>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/**
 * Throws unless `key` is a relative, slash-separated name of plain segments (no `..`, no leading slash): the one
 * check every storage applies before touching a file, so no key can leave the local folder or name an odd object.
 */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split("/").includes("..")) throw new Error(`invalid storage key: ${key}`);
}
