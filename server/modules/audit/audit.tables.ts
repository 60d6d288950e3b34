/** The staff audit log: rows are only ever inserted (server/db/migrations/2026-11-23-40-audit-log.ts). */
export interface AuditLogTable {
  id: string;
  at: string;
  /** The staff user; null for the system (start-up, timed work). */
  actor_id: string | null;
  actor_role: string;
  /** The client's address as the HTTP layer saw it ("" when not from a request). */
  ip: string;
  /** `area.verb`, e.g. `order.refund`, `staff.invite`, `price.change`. */
  action: string;
  subject_type: string;
  subject_id: string;
  before_json: string | null;
  after_json: string | null;
  note: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
