import type { TicketDetail, TicketListEntry, TicketStatus } from "../../../contract/admin-support";
import { systemClock } from "../../platform/clock";
import { assertRole, type StaffActor } from "../../platform/staff-action";
import { createSupportDeskActions, type SupportDeskActions } from "./support-desk-actions";
import { customerTickets, excerpt, type SupportDeskDeps } from "./support-desk-deps";
import { createTicketLinkAccess, type TicketLinkAccess } from "./support-desk-link";
import { createTicketReader, localeOf } from "./support-desk-tickets";
import { ticketReference } from "./ticket-reference";

export { customerTickets, hashTicketToken, TICKET_LINK_DAYS, type SupportDeskDeps } from "./support-desk-deps";

/** A ticket the back office's search found. */
export interface TicketSearchEntry {
  id: string;
  reference: string;
  email: string;
  status: TicketStatus;
  excerpt: string;
}

/** The daily job that forgets private links that have ended. */
export const TICKET_LINKS_PURGE_JOB = "ticketLinks.purge";

/** The support inbox: tickets listed and read by staff, their actions, and the requester's private link. */
export interface SupportDeskService extends SupportDeskActions, TicketLinkAccess {
  /** At start: makes sure the daily purge of ended links is scheduled. */
  prepare(): Promise<void>;
  list(status: TicketStatus, query: string | undefined, actor: StaffActor): Promise<TicketListEntry[]>;
  detail(id: string, actor: StaffActor): Promise<TicketDetail>;
  /** Tickets of any status whose reference, e-mail, first message or thread holds the words (the back office's search). */
  search(text: string, limit: number, actor: StaffActor): Promise<TicketSearchEntry[]>;
  /** The tickets written from `email` (a customer's page lists them). */
  ticketsOf: ReturnType<typeof customerTickets>;
}

/**
 * The support inbox (managers and admins): every ticket with its thread, replies mailed to the requester with a
 * private link, assignment, close and reopen. Through that link the requester reads the thread and answers without
 * an account; the link's token is random (32 bytes), kept only as its SHA-256, and ends after TICKET_LINK_DAYS.
 */
export function createSupportDeskService(deps: SupportDeskDeps): SupportDeskService {
  const { db, repository, jobs, customerByEmail, people, clock = systemClock } = deps;
  const tickets = createTicketReader(db, repository, people, clock);
  jobs.register(TICKET_LINKS_PURGE_JOB, async (_payload, context) => {
    await repository.deleteLinksBefore(context.now.toISOString());
    await jobs.scheduleDaily(TICKET_LINKS_PURGE_JOB);
  });

  return {
    ...createSupportDeskActions({ ...deps, clock, tickets }),
    ...createTicketLinkAccess({ ...deps, clock, tickets }),
    prepare: () => jobs.scheduleDaily(TICKET_LINKS_PURGE_JOB),

    async list(status, query, actor) {
      assertRole(actor.role, "manager");
      const rows = await repository.list(status, query);
      const staff = new Map(
        (await tickets.staffOf([...new Set(rows.flatMap((row) => (row.assignedTo ? [row.assignedTo] : [])))])).map(
          (s) => [s.id, s],
        ),
      );
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        status: row.status,
        excerpt: excerpt(row.description),
        assignee: row.assignedTo ? (staff.get(row.assignedTo) ?? null) : null,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        lastAuthor: row.lastAuthor,
      }));
    },

    async search(text, limit, actor) {
      assertRole(actor.role, "manager");
      return (await repository.search(text, limit)).map((row) => ({
        id: row.id, reference: ticketReference(row.id), email: row.email, status: row.status, excerpt: excerpt(row.description),
      }));
    },

    async detail(id, actor) {
      assertRole(actor.role, "manager");
      const ticket = await tickets.existing(id);
      return {
        id: ticket.id,
        email: ticket.email,
        locale: localeOf(ticket),
        status: ticket.status,
        createdAt: ticket.createdAt,
        closedAt: ticket.closedAt,
        assignee: await tickets.assigneeOf(ticket),
        messages: await tickets.thread(ticket),
        customer: await customerByEmail(ticket.email),
        assignees: await tickets.staffOf(),
      };
    },

    ticketsOf: customerTickets(repository),
  };
}
