import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuditFacets, AuditPage, AuditQuery } from "../../../contract/audit";
import { auditQuerySchema } from "../../../contract/audit";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { type AuditPeople, type AuditSubjects, nameEntries, type RawEntry } from "./audit-names";
import type { AuditRepository, AuditRow } from "./audit.repository";

/** Who did it: a staff user (id and role at the time), or the system (id null). */
export interface AuditActor {
  id: string | null;
  role: string;
}

export interface AuditRecord {
  actor: AuditActor;
  /** The caller's address (`request.ip`); "" when the action did not come from a request. */
  ip?: string;
  /** `area.verb`: `order.refund`, `staff.invite`, `price.change`… */
  action: string;
  subject: { type: string; id: string };
  /** The parts of the subject that changed, as they were and as they are; JSON-serialisable. */
  before?: unknown;
  after?: unknown;
  note?: string;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const parse = (value: string | null) => (value === null ? null : (JSON.parse(value) as unknown));

const encodeCursor = (row: { at: string; id: string }) => Buffer.from(`${row.at}\n${row.id}`).toString("base64url");
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("\n");
  if (!at || !id || Number.isNaN(Date.parse(at))) throw DomainError.field("cursor", "audit.badCursor");
  return { at, id };
}

/** A date alone means the start of that day (`from`) or the end of it (`to`), in UTC. */
function instant(value: string | undefined, endOfDay: boolean): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (endOfDay) start.setUTCDate(start.getUTCDate() + 1);
    return start.toISOString();
  }
  return new Date(value).toISOString();
}

function toEntry(row: AuditRow): RawEntry {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorRole: row.actor_role,
    ip: row.ip,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    before: parse(row.before_json),
    after: parse(row.after_json),
    note: row.note,
  };
}

/**
 * The staff audit log (LIFECYCLE.md): every staff action is recorded inside the transaction that makes it, so an
 * action and its row exist together or not at all. Rows are never changed or removed.
 */
export type { AuditPeople, AuditSubjects } from "./audit-names";

export function createAuditService(
  db: Kysely<Database>,
  repository: AuditRepository,
  people: AuditPeople,
  clock: Clock = systemClock,
  subjects?: AuditSubjects,
) {
  return {
    /** Writes one row; pass the caller's transaction so the row commits (or rolls back) with the action. */
    async record(entry: AuditRecord, trx?: Kysely<Database>): Promise<void> {
      await repository.insert(
        {
          id: randomUUID(),
          at: clock.now().toISOString(),
          actor_id: entry.actor.id,
          actor_role: entry.actor.role,
          ip: entry.ip ?? "",
          action: entry.action,
          subject_type: entry.subject.type,
          subject_id: entry.subject.id,
          before_json: json(entry.before),
          after_json: json(entry.after),
          note: entry.note ?? "",
        },
        trx ?? db,
      );
    },

    /** Newest first, filtered, one keyset page; `next` is the cursor of the following (older) page. */
    async list(query: AuditQuery): Promise<AuditPage> {
      const q = auditQuerySchema.parse(query);
      // An actor named by e-mail: accounts gives the id first; an unknown address has done nothing.
      const actorId = q.actor?.includes("@") ? await people.idByEmail(q.actor.toLowerCase()) : q.actor;
      if (q.actor && !actorId) return { items: [], next: null };
      const rows = await repository.list({
        actorId,
        action: q.action,
        subjectType: q.subjectType,
        subjectId: q.subjectId,
        from: instant(q.from, false),
        to: instant(q.to, true),
        after: q.cursor ? decodeCursor(q.cursor) : undefined,
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      // Names come from their owning modules, one batch each for the page (audit-names.ts).
      const items = await nameEntries(page.map(toEntry), people, subjects);
      return { items, next: rows.length > q.limit && last ? encodeCursor(last) : null };
    },

    /** What the filters offer: everyone who did something (by name), every action and kind of subject recorded. */
    async facets(): Promise<AuditFacets> {
      const found = await repository.facets();
      const actors = (await people.byIds(found.actorIds))
        .map((person) => ({ id: person.id, email: person.email, name: `${person.first_name} ${person.last_name}`.trim() || person.email }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { actors, actions: found.actions, subjectTypes: found.subjectTypes };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
