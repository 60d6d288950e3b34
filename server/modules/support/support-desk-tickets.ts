import type { Kysely } from "kysely";
import type { TicketMessage, TicketNote } from "../../../contract/admin-support";
import { ticketSubject } from "../../../contract/support";
import { roleAtLeast } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import { isLocale, type Locale } from "../../../common/locales";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { fullNameOf, type People } from "../accounts";
import type { StaffActor } from "../../platform/staff-action";
import { hashTicketToken, SUPPORT_ROLES, type SupportDeskDeps } from "./support-desk-deps";
import { referencePrefix, ticketReference } from "./ticket-reference";
import type { SupportDeskRepository, TicketRow } from "./support-desk.repository";

export interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/** Tickets and their threads as the desk and the requester's link read them. */
export interface TicketReader {
  /** These people (by id), or else the active staff who handle support (who a ticket may be assigned to), by name. */
  staffOf(ids?: string[], trx?: Kysely<Database>): Promise<StaffMember[]>;
  /** The id of the ticket named by its id or its number (T-5A8E837D), or 404. */
  idOf(idOrReference: string): Promise<string>;
  /** 403 unless the actor works this ticket: a manager or admin any, a writer those assigned to them. */
  mayHandle(ticket: TicketRow, actor: StaffActor): void;
  /** The internal notes, staff shown by full name. */
  notes(ticket: TicketRow, trx?: Kysely<Database>): Promise<TicketNote[]>;
  /** The ticket's description first, then every message, staff shown by first name. */
  thread(ticket: TicketRow, trx?: Kysely<Database>): Promise<TicketMessage[]>;
  /** The ticket, or 404. */
  existing(id: string, trx?: Kysely<Database>): Promise<TicketRow>;
  assigneeOf(ticket: TicketRow, trx?: Kysely<Database>): Promise<StaffMember | null>;
  /** The ticket behind a private link; 404 for an unknown or ended link (the same answer, nothing to probe). */
  linked(token: string): Promise<{ ticket: TicketRow; expiresAt: string }>;
}

export const localeOf = (ticket: TicketRow): Locale => (isLocale(ticket.locale) ? ticket.locale : "en");

/** The number and subject a ticket shows everywhere. */
export const ticketHeadline = (ticket: TicketRow) => ({
  reference: ticketReference(ticket.id),
  subject: ticketSubject(ticket.subject, ticket.description),
});

const HOUR_MS = 60 * 60_000;

/** Age and the first-response timer of a ticket at `now`, against a target of `hours`. */
export function ticketTimers(ticket: TicketRow, now: Date, hours: number) {
  const opened = new Date(ticket.createdAt).getTime();
  const due = opened + hours * HOUR_MS;
  return {
    ageMinutes: Math.max(0, Math.floor((now.getTime() - opened) / 60_000)),
    firstResponseAt: ticket.firstResponseAt,
    firstResponseDueAt: new Date(due).toISOString(),
    overdue: ticket.status === "open" && ticket.firstResponseAt === null && now.getTime() > due,
  };
}

const byName = (a: { first_name: string; last_name: string }, b: { first_name: string; last_name: string }) =>
  a.first_name < b.first_name
    ? -1
    : a.first_name > b.first_name
      ? 1
      : a.last_name < b.last_name
        ? -1
        : a.last_name > b.last_name
          ? 1
          : 0;

export function createTicketReader(
  db: Kysely<Database>,
  repository: SupportDeskRepository,
  { people, activeStaff }: { people: Pick<People, "byIds">; activeStaff: SupportDeskDeps["activeStaff"] },
  clock: Clock,
): TicketReader {
  const staffOf = async (ids?: string[], trx?: Kysely<Database>) => {
    const rows = ids
      ? await people.byIds(ids, trx)
      : (await activeStaff(trx)).filter((person) => (SUPPORT_ROLES as readonly string[]).includes(person.role));
    return [...rows].sort(byName).map((row) => ({ id: row.id, name: fullNameOf(row), email: row.email }));
  };
  const existing = async (id: string, trx: Kysely<Database> = db): Promise<TicketRow> => {
    const ticket = await repository.find(id, trx);
    if (!ticket) throw DomainError.notFound();
    return ticket;
  };
  return {
    staffOf,
    existing,
    async idOf(idOrReference) {
      const prefix = referencePrefix(idOrReference);
      const id = prefix ? await repository.idByPrefix(prefix) : idOrReference;
      if (!id) throw DomainError.notFound();
      return id;
    },
    mayHandle(ticket, actor) {
      if (roleAtLeast(actor.role, "manager")) return;
      if (actor.role === "writer" && ticket.assignedTo === actor.id) return;
      throw DomainError.forbidden();
    },
    async notes(ticket, trx = db) {
      const rows = await repository.notes(ticket.id, trx);
      const names = new Map((await staffOf([...new Set(rows.flatMap((row) => (row.staffId ? [row.staffId] : [])))], trx)).map((s) => [s.id, s.name]));
      return rows.map((row) => ({ id: row.id, staffName: row.staffId ? (names.get(row.staffId) ?? null) : null, body: row.body, createdAt: row.createdAt }));
    },
    async thread(ticket, trx = db) {
      const rows = await repository.messages(ticket.id, trx);
      const names = new Map(
        (await staffOf([...new Set(rows.flatMap((row) => (row.staffId ? [row.staffId] : [])))], trx)).map((s) => [
          s.id,
          s.name.split(" ")[0] ?? s.name,
        ]),
      );
      const first: TicketMessage = {
        id: ticket.id,
        author: "requester",
        staffName: null,
        body: ticket.description,
        createdAt: ticket.createdAt,
      };
      return [
        first,
        ...rows.map((row) => ({
          id: row.id,
          author: row.author,
          staffName: row.staffId ? (names.get(row.staffId) ?? null) : null,
          body: row.body,
          createdAt: row.createdAt,
        })),
      ];
    },
    async assigneeOf(ticket, trx = db) {
      return ticket.assignedTo ? ((await staffOf([ticket.assignedTo], trx))[0] ?? null) : null;
    },
    async linked(token) {
      const link = await repository.findLink(hashTicketToken(token));
      if (!link || link.expiresAt <= clock.now().toISOString())
        throw new DomainError("not_found", { detail: { key: "supportDesk.linkEnded" } });
      return { ticket: await existing(link.ticketId), expiresAt: link.expiresAt };
    },
  };
}
