import type { DocumentKind } from "../../../contract/documents";

export type { DocumentKind } from "../../../contract/documents";

/** An issued receipt, invoice or credit note: numbered once, never changed (data_json is what the PDF shows). */
export interface DocumentsTable {
  id: string;
  user_id: string;
  kind: DocumentKind;
  /** The numbering series, e.g. `INV-2026`: numbers run 1, 2, 3… without gaps inside it. */
  series: string;
  seq: number;
  /** Printed number: `INV-2026-000042`. */
  number: string;
  /** The deposit or order the document is about; one document of each kind per source. */
  source_id: string;
  /** The snapshot taken at issue time (seller, buyer, lines, VAT, locale), rendered as the PDF on every download. */
  data_json: string;
  issued_at: string;
}

/** The last number handed out per series, advanced in the transaction that moves the money. */
export interface DocumentSeriesTable {
  series: string;
  last_number: number;
}

export interface DocumentTables {
  documents: DocumentsTable;
  document_series: DocumentSeriesTable;
}
