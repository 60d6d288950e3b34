import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { AuditLogTable } from "./audit.tables";

export type AuditRow = AuditLogTable;

export interface AuditFilter {
  /** The actor's user id (the service finds the id of an e-mail in accounts first). */
  actorId?: string;
  /** An exact action, or a prefix ending in a dot (`order.`). */
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** ISO instants: on or after `from`, before `to`. */
  from?: string;
  to?: string;
  /** Rows strictly older than this (at, id) pair: the keyset of the previous page's last row. */
  after?: { at: string; id: string };
  limit: number;
}

/**
 * The audit log is append-only: this repository inserts and reads, and has no method that updates or deletes a row
 * (the database refuses both with a trigger as well; audit.test.ts proves it on each dialect).
 */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async insert(row: AuditRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("audit_log").values(row).execute();
    },

    /** Newest first, `limit` rows after the keyset `after` (index on at, id; per subject, actor or action too). */
    async list(filter: AuditFilter, trx: Kysely<Database> = db): Promise<AuditRow[]> {
      let query = trx.selectFrom("audit_log").selectAll("audit_log");
      if (filter.actorId) query = query.where("audit_log.actor_id", "=", filter.actorId);
      if (filter.action) {
        const action = filter.action;
        // A prefix is a range, so the (action, at) index serves it on both dialects without LIKE's escaping.
        query = action.endsWith(".")
          ? query.where("audit_log.action", ">=", action).where("audit_log.action", "<", `${action.slice(0, -1)}/`)
          : query.where("audit_log.action", "=", action);
      }
      if (filter.subjectType) query = query.where("audit_log.subject_type", "=", filter.subjectType);
      if (filter.subjectId) query = query.where("audit_log.subject_id", "=", filter.subjectId);
      if (filter.from) query = query.where("audit_log.at", ">=", filter.from);
      if (filter.to) query = query.where("audit_log.at", "<", filter.to);
      if (filter.after) {
        const { at, id } = filter.after;
        query = query.where((eb) => eb.or([eb("audit_log.at", "<", at), eb.and([eb("audit_log.at", "=", at), eb("audit_log.id", "<", id)])]));
      }
      return query.orderBy("audit_log.at", "desc").orderBy("audit_log.id", "desc").limit(filter.limit).execute();
    },

    /** Every actor, action and kind of subject the log holds: what its filters offer. */
    async facets(trx: Kysely<Database> = db): Promise<{ actorIds: string[]; actions: string[]; subjectTypes: string[] }> {
      const [actors, actions, types] = await Promise.all([
        trx.selectFrom("audit_log").select("actor_id").distinct().where("actor_id", "is not", null).execute(),
        trx.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
        trx.selectFrom("audit_log").select("subject_type").distinct().orderBy("subject_type").execute(),
      ]);
      return {
        actorIds: actors.flatMap((row) => (row.actor_id ? [row.actor_id] : [])),
        actions: actions.map((row) => row.action),
        subjectTypes: types.map((row) => row.subject_type),
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
