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
  build: () => DocumentBody,
) => Promise<DocumentRow>;

/** The same, for a source created in this transaction, as its last write: the number is taken with the commit. */
export type IssueDocumentWithTheCommit = (...args: Parameters<IssueDocument>) => Promise<void>;

export interface DocumentNumbering {
  issue: IssueDocument;
  issueWithTheCommit: IssueDocumentWithTheCommit;
}

export function createDocumentNumbering(repository: DocumentsRepository, seller: Seller, clock: Clock): DocumentNumbering {
  /** The document before its number (left to the repository, which takes it from the series with the insert). */
  const prepare = (kind: DocumentKind, sourceId: string, common: DocumentCommon, build: () => DocumentBody) => {
    const at = clock.now();
    const series = `${SERIES_PREFIX[kind]}-${at.getUTCFullYear()}`;
    const issuedAt = at.toISOString();
    const data = (number: string): DocumentData => ({
      kind,
      number,
      issuedAt,
      locale: common.locale,
      currency: common.currency,
      seller,
      ...build(),
    });
    const unnumbered = { id: common.id ?? randomUUID(), user_id: common.userId, kind, series, source_id: sourceId, issued_at: issuedAt };
    return { unnumbered, data };
  };
  return {
    async issue(trx, kind, sourceId, common, build) {
      const existing = await repository.findBySource(kind, sourceId, trx);
      if (existing) return existing;
      // On PostgreSQL the series' row is locked from the insert to the commit: callers take it last.
      const { unnumbered, data } = prepare(kind, sourceId, common, build);
      return repository.insertNumbered(unnumbered, data, trx);
    },
    async issueWithTheCommit(trx, kind, sourceId, common, build) {
      const { unnumbered, data } = prepare(kind, sourceId, common, build);
      await repository.insertNumberedWithTheCommit(unnumbered, data, trx);
    },
  };
}
