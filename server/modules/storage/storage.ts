import type { Readable } from "node:stream";

export interface StoredFileInfo {
  size: number;
  mtime: Date;
}

/**
 * Where result files live. Keys are slash-separated names chosen by the server (`results/<order>/<file>`), never
 * by a user. Local disk now; an object store (S3) can implement the same four calls.
 */
export interface FileStorage {
  /** Writes the whole file (streamed when given a stream); replaces an existing one at once, never half-written. */
  put(key: string, body: Buffer | Readable): Promise<StoredFileInfo>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Bytes `start` to `end` inclusive (the whole file when left out), as a stream. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}
