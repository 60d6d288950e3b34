import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { FileStorage } from "../storage";
import type { OrderFileRow } from "./orders.repository";

const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".odt": "application/vnd.oasis.opendocument.text",
  ".zip": "application/zip",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/** Message attachments allowed when ATTACHMENT_ALLOWED_TYPES is not set: documents, plain text, images, zip; no markup, no programs. */
export const DEFAULT_ATTACHMENT_TYPES = ["pdf", "docx", "xlsx", "pptx", "odt", "txt", "md", "csv", "png", "jpg", "jpeg", "zip"];

/** True when `fileName`'s extension is one of the allowed types. */
export function allowedType(fileName: string, allowed: readonly string[]): boolean {
  const extension = path.extname(safeFileName(fileName)).slice(1).toLowerCase();
  return extension.length > 0 && allowed.includes(extension);
}

/** The last part of a name a browser or script sent: no directories (`/` or `\\`), no control characters. */
export function safeFileName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? "").replace(/\p{Cc}/gu, "").trim();
}

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? "application/octet-stream";
}

/** What a download needs: where the bytes are and the headers that describe them. */
export interface ResultFile {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  /** Hex sha256 of the bytes: the strong ETag. */
  sha256: string;
  deliveredAt: Date;
}

/** A file handed to the store: a delivered result or a message attachment. */
export interface Delivery {
  /** The name the customer's browser saves it under (any UTF-8). */
  fileName: string;
  content: Buffer | Readable;
  /** Guessed from the file name when left out. */
  contentType?: string;
}

export type StoredFile = Pick<OrderFileRow, "storage_key" | "file_name" | "content_type" | "size" | "sha256">;

/** Streams a file into storage under `prefix`, hashing it on the way; never buffers a stream. */
export async function storeFile(storage: FileStorage, prefix: string, delivery: Delivery): Promise<StoredFile> {
  const fileName = safeFileName(delivery.fileName) || "result";
  const hash = createHash("sha256");
  const source = Buffer.isBuffer(delivery.content) ? Readable.from([delivery.content]) : delivery.content;
  const hashing = Readable.from(
    (async function* () {
      for await (const chunk of source) {
        hash.update(chunk as Buffer);
        yield chunk as Buffer;
      }
    })(),
  );
  const key = `${prefix}/${randomUUID()}`;
  const stored = await storage.put(key, hashing);
  return { storage_key: key, file_name: fileName, content_type: delivery.contentType ?? contentTypeFor(fileName), size: stored.size, sha256: hash.digest("hex") };
}

export function asResultFile(file: OrderFileRow): ResultFile {
  return { key: file.storage_key, fileName: file.file_name, contentType: file.content_type, size: Number(file.size), sha256: file.sha256, deliveredAt: new Date(file.created_at) };
}
