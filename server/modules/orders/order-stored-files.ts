import { randomUUID } from "node:crypto";
import type { FileStorage } from "../storage";
import { storeFile, type Delivery, type StoredFile } from "./order-files";
import type { OrderFileRow } from "./orders.repository";

/** Stores files before the transaction (storage is not transactional) and removes them if it fails. */
export async function withFiles<T>(
  storage: FileStorage,
  prefix: string,
  files: Delivery[],
  fn: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored: StoredFile[] = [];
  try {
    for (const file of files) stored.push(await storeFile(storage, prefix, file));
    return await fn(stored);
  } catch (error) {
    await discardFiles(storage, stored);
    throw error;
  }
}

/** Removes stored files that will not be used (an upload refused half-way, a transaction rolled back). */
export async function discardFiles(storage: FileStorage, stored: StoredFile[]): Promise<void> {
  await Promise.all(stored.map((file) => storage.remove(file.storage_key).catch(() => undefined)));
}

/** The rows of stored files, owned by a version (of a deliverable) or by a message of the order. */
export function fileRows(
  orderId: string,
  stored: StoredFile[],
  owner: { version_id?: string; message_id?: string; deliverable_id?: string },
  at: string,
): OrderFileRow[] {
  return stored.map((file, position) => ({
    id: randomUUID(),
    order_id: orderId,
    deliverable_id: owner.deliverable_id ?? null,
    version_id: owner.version_id ?? null,
    message_id: owner.message_id ?? null,
    position,
    created_at: at,
    ...file,
  }));
}
