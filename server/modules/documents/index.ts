/** The documents module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createDocumentsService, DOCUMENT_ATTACHMENTS, type DocumentsService, type DocumentSummary, type IssuedDocument } from "./documents.service";
