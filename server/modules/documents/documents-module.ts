import {
  DOCUMENT_ATTACHMENTS,
  createDocumentsService,
  type DocumentsDeps,
  type DocumentsService,
} from "./documents.service";
import type { AttachmentRenderer } from "../mail";

export type DocumentsModuleDeps = DocumentsDeps;

export interface DocumentsModule {
  /** Receipts, invoices and credit notes. */
  documents: DocumentsService;
  /** What the mail module renders attachments by reference with: the documents' PDFs, by source name. */
  attachmentSources: Record<string, AttachmentRenderer>;
}

/** The documents domain wired once, with the attachment source the mail module is built with. */
export function createDocumentsModule(deps: DocumentsModuleDeps): DocumentsModule {
  const documents = createDocumentsService(deps);
  return { documents, attachmentSources: { [DOCUMENT_ATTACHMENTS]: documents.attachmentById } };
}
