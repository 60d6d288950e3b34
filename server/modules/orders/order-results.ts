import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { Locale } from "../../i18n/messages";
import type { MailService } from "../mail/mail.service";
import type { FileStorage } from "../storage/storage";
import { deliveredMail } from "./order-mail";
import { createOrdersRepository } from "./orders.repository";

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
};

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

export interface Delivery {
  /** The name the customer's browser saves it under (any UTF-8). */
  fileName: string;
  content: Buffer | Readable;
  /** Guessed from the file name when left out. */
  contentType?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Delivered files: stored through the storage interface, hashed while they stream in, served to their owner only. */
export function createOrderResults(deps: {
  db: Kysely<Database>;
  storage: FileStorage;
  mail: MailService;
  publicUrl: string;
  logError: (error: unknown, message: string) => void;
}) {
  const { db, storage } = deps;
  const repository = createOrdersRepository(db);
  return {
    /** Stores the file and marks the order delivered (from paid, in_progress, or delivered to replace a file). */
    async deliver(orderId: string, delivery: Delivery): Promise<ResultFile> {
      const order = await repository.findById(orderId);
      if (!order) throw DomainError.notFound();
      if (order.status === "cancelled") throw DomainError.conflict("orders.wrongStatus", { status: order.status });
      const fileName = delivery.fileName.trim() || "result";
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
      const key = `results/${order.id}/${randomUUID()}`;
      const stored = await storage.put(key, hashing);
      const file = { key, fileName, contentType: delivery.contentType ?? contentTypeFor(fileName), size: stored.size, sha256: hash.digest("hex") };
      if (!(await repository.recordResult(order.id, file))) {
        await storage.remove(key);
        throw DomainError.conflict("orders.wrongStatus", { status: "cancelled" });
      }
      if (order.result_key) await storage.remove(order.result_key);
      const to = (JSON.parse(order.billing_json) as { email: string }).email;
      await deps.mail
        .send(deliveredMail(to, order.number, order.locale as Locale, deps.publicUrl))
        .catch((error: unknown) => deps.logError(error, `delivery mail of order ${order.number} not stored`));
      return { ...file, deliveredAt: stored.mtime };
    },

    /** The delivered file of the caller's own order, or null (unknown id, someone else's order, not delivered). */
    async resultFor(userId: string, orderId: string): Promise<ResultFile | null> {
      if (!UUID.test(orderId)) return null;
      const order = await repository.findById(orderId.toLowerCase());
      if (!order || order.user_id !== userId || order.status !== "delivered" || !order.result_key) return null;
      return {
        key: order.result_key,
        fileName: order.result_file_name ?? "result",
        contentType: order.result_content_type ?? "application/octet-stream",
        size: order.result_size ?? 0,
        sha256: order.result_sha256 ?? "",
        deliveredAt: new Date(order.delivered_at ?? order.updated_at),
      };
    },
  };
}
