/** The documents module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createDocumentsModule, type DocumentsModule, type DocumentsModuleDeps } from "./documents-module";
export {
  createDocumentsService,
  DOCUMENT_ATTACHMENTS,
  type DocumentsService,
  type DocumentSummary,
  type IssuedDocument,
} from "./documents.service";
