import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { DocumentData, Seller } from "./document-data";
import type { DocumentCommon } from "./document-facts";
import type { DocumentRow, DocumentsRepository } from "./documents.repository";
import type { DocumentKind } from "./documents.tables";

const SERIES_PREFIX: Record<DocumentKind, string> = { receipt: "R", invoice: "INV", credit_note: "CN", refund_receipt: "RR" };

/** The parts of a document's data that depend on its kind; the rest is the same for every document. */
export type DocumentBody = Omit<DocumentData, "kind" | "number" | "issuedAt" | "locale" | "currency" | "seller">;

/**
 * Issues one document of `kind` for `sourceId` in `trx`, or answers the one issued before. The number comes from the
 * series counter in that same transaction (no gaps, ARCHITECTURE "Money"), and the data is frozen as issued.
 */
export type IssueDocument = (
  trx: Kysely<Database>,
  kind: DocumentKind,
  sourceId: string,
  common: DocumentCommon,
  build: (number: string, issuedAt: string) => DocumentBody,
) => Promise<DocumentRow>;

export function createDocumentNumbering(repository: DocumentsRepository, seller: Seller, clock: Clock): IssueDocument {
  return async (trx, kind, sourceId, common, build) => {
    const existing = common.newSource ? undefined : await repository.findBySource(kind, sourceId, trx);
    if (existing) return existing;
    const at = clock.now();
    const series = `${SERIES_PREFIX[kind]}-${at.getUTCFullYear()}`;
    const seq = await repository.nextNumber(series, trx);
    const number = `${series}-${String(seq).padStart(6, "0")}`;
    const issuedAt = at.toISOString();
    const data: DocumentData = {
      kind,
      number,
      issuedAt,
      locale: common.locale,
      currency: common.currency,
      seller,
      ...build(number, issuedAt),
    };
    const row: DocumentRow = {
      id: randomUUID(),
      user_id: common.userId,
      kind,
      series,
      seq,
      number,
      source_id: sourceId,
      data_json: JSON.stringify(data),
      issued_at: issuedAt,
    };
    await repository.insert(row, trx);
    return row;
  };
}
