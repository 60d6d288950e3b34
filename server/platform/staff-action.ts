import type { Kysely } from "kysely";
import { roleAtLeast, type StaffRoleName } from "../../contract/staff";
import type { Database } from "../db/schema";
import { DomainError } from "./domain-error";

/** A member of staff acting in the back office, as the routes pass them to the services. */
export interface StaffActor {
  id: string;
  role: string;
  /** The caller's IP address, for the audit log. */
  address: string;
}

/** What a staff action leaves in the audit log: who, what, on which thing, before and after. */
export interface StaffActionRecord {
  actor: StaffActor;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
}

/** Where staff actions are written, in the action's own transaction when one is given. */
export interface AuditSink {
  record(entry: StaffActionRecord, trx?: Kysely<Database>): Promise<void>;
}

/** Throws 403 unless `role` is `least` or above (LIFECYCLE.md: writer < manager < admin). */
export function assertRole(role: string, least: StaffRoleName): void {
  if (!roleAtLeast(role, least)) throw DomainError.forbidden();
}

/** The signed-in member of staff behind a request (the route's guard has checked there is one). */
export function staffActorOf(request: { user?: { id: string; role: string } | null; ip: string }): StaffActor {
  if (!request.user) throw DomainError.unauthenticated();
  return { id: request.user.id, role: request.user.role, address: request.ip };
}
