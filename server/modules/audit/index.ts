/** The audit module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createAuditModule, type AuditModule, type AuditModuleDeps } from "./audit-module";
export {
  createAuditService,
  type AuditActor,
  type AuditPeople,
  type AuditRecord,
  type AuditService,
  type AuditSubjects,
} from "./audit.service";
export { createAuditRepository } from "./audit.repository";
