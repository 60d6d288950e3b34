import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { AuditSink } from "../../platform/staff-action";
import { createAuditRepository } from "./audit.repository";
import { createAuditService, type AuditPeople, type AuditService, type AuditSubjects } from "./audit.service";

export interface AuditModuleDeps {
  db: Kysely<Database>;
  /** Who staff are by e-mail and id (the accounts module's people). */
  people: AuditPeople;
  clock?: Clock;
  /** How other modules name the log's subjects (order numbers, ticket numbers), read when a page is shown. */
  subjects?: AuditSubjects;
}

export interface AuditModule {
  /** The staff audit log: every staff action records a row inside its own transaction (audit.record(entry, trx)). */
  audit: AuditService;
  /** The one adapter: every module writes its staff actions through this port (server/platform/staff-action.ts). */
  staffAudit: AuditSink;
}

/** The audit domain wired once: the log itself, and the port other modules record their staff actions through. */
export function createAuditModule({ db, people, clock, subjects }: AuditModuleDeps): AuditModule {
  const audit = createAuditService(db, createAuditRepository(db), people, clock, subjects);
  const staffAudit: AuditSink = {
    record: (entry, trx) =>
      audit.record(
        {
          actor: { id: entry.actor.id, role: entry.actor.role },
          ip: entry.actor.address,
          action: entry.action,
          subject: { type: entry.subjectType, id: entry.subjectId },
          before: entry.before,
          after: entry.after,
        },
        trx,
      ),
  };
  return { audit, staffAudit };
}
