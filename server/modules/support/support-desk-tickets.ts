import type { Kysely } from "kysely";
import type { TicketMessage } from "../../../contract/admin-support";
import type { Database } from "../../db/schema";
import { isLocale, type Locale } from "../../../common/locales";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { fullNameOf, type People } from "../accounts";
import { hashTicketToken } from "./support-desk-deps";
import type { SupportDeskRepository, TicketRow } from "./support-desk.repository";

export interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/** Tickets and their threads as the desk and the requester's link read them. */
export interface TicketReader {
  /** These people (by id), or else the managers and admins (who a ticket may be assigned to), by name. */
  staffOf(ids?: string[], trx?: Kysely<Database>): Promise<StaffMember[]>;
  /** The ticket's description first, then every message, staff shown by first name. */
  thread(ticket: TicketRow, trx?: Kysely<Database>): Promise<TicketMessage[]>;
  /** The ticket, or 404. */
  existing(id: string, trx?: Kysely<Database>): Promise<TicketRow>;
  assigneeOf(ticket: TicketRow, trx?: Kysely<Database>): Promise<StaffMember | null>;
  /** The ticket behind a private link; 404 for an unknown or ended link (the same answer, nothing to probe). */
  linked(token: string): Promise<{ ticket: TicketRow; expiresAt: string }>;
}

export const localeOf = (ticket: TicketRow): Locale => (isLocale(ticket.locale) ? ticket.locale : "en");

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
  people: Pick<People, "byIds" | "withRoles">,
  clock: Clock,
): TicketReader {
  const staffOf = async (ids?: string[], trx?: Kysely<Database>) => {
    const rows = ids ? await people.byIds(ids, trx) : await people.withRoles(["manager", "admin"], trx);
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
