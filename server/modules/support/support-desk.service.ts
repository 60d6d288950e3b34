import type { TicketDetail, TicketListEntry, TicketListStatus } from "../../../contract/admin-support";
import type { TicketStatus } from "./support.tables";
import { roleAtLeast } from "../../../contract/staff";
import { systemClock } from "../../platform/clock";
import { assertRole, type StaffActor } from "../../platform/staff-action";
import { createSupportDeskActions, type SupportDeskActions } from "./support-desk-actions";
import { createTicketHandOver, type TicketHandOver } from "./support-ticket-handover";
import { customerTickets, excerpt, type SupportDeskDeps } from "./support-desk-deps";
import { createTicketLinkAccess, type TicketLinkAccess } from "./support-desk-link";
import { createTicketReader, localeOf, ticketHeadline, ticketTimers } from "./support-desk-tickets";
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

/** What narrows the inbox (ticketListQuerySchema). */
export interface InboxQuery {
  status: TicketListStatus;
  /** Words the ticket holds (its number, the requester's e-mail, its thread), each the beginning of a word. */
  q?: string;
  tag?: string;
}

/** The support inbox: tickets listed and read by staff, their actions, and the requester's private link. */
export interface SupportDeskService extends SupportDeskActions, TicketLinkAccess, TicketHandOver {
  /** At start: makes sure the daily purge of ended links is scheduled. */
  prepare(): Promise<void>;
  list(query: InboxQuery, actor: StaffActor): Promise<TicketListEntry[]>;
  /** One ticket by its id or its number (T-5A8E837D). */
  detail(idOrReference: string, actor: StaffActor): Promise<TicketDetail>;
  /** Tickets of any status whose reference, e-mail, first message or thread holds the words (the back office's search). */
  search(text: string, limit: number, actor: StaffActor): Promise<TicketSearchEntry[]>;
  /** The tickets written from `email` (a customer's page lists them). */
  ticketsOf: ReturnType<typeof customerTickets>;
}

/**
 * The support inbox: managers and admins see every ticket, a writer the tickets assigned to them; each ticket has its
 * thread, replies mailed to the requester with a private link, internal notes, tags, assignment, close and reopen.
 * Through that link the requester reads the thread and answers without an account; the link's token is random
 * (32 bytes), kept only as its SHA-256, and ends after TICKET_LINK_DAYS.
 */
export function createSupportDeskService(deps: SupportDeskDeps): SupportDeskService {
  const { db, repository, jobs, customerByEmail, clock = systemClock, firstResponseHours } = deps;
  const tickets = createTicketReader(db, repository, deps, clock);
  jobs.register(TICKET_LINKS_PURGE_JOB, async (_payload, context) => {
    await repository.deleteLinksBefore(context.now.toISOString());
    await jobs.scheduleDaily(TICKET_LINKS_PURGE_JOB);
  });

  return {
    ...createSupportDeskActions({ ...deps, clock, tickets }),
    ...createTicketLinkAccess({ ...deps, clock, tickets }),
    ...createTicketHandOver({ ...deps, clock, tickets }),
    prepare: () => jobs.scheduleDaily(TICKET_LINKS_PURGE_JOB),

    async list({ status, q, tag }, actor) {
      assertRole(actor.role, "writer");
      const assignedTo = roleAtLeast(actor.role, "manager") ? undefined : actor.id;
      const rows = await repository.list({ status, text: q, tag, assignedTo });
      const assigned = [...new Set(rows.flatMap((row) => (row.assignedTo ? [row.assignedTo] : [])))];
      const staff = new Map((await tickets.staffOf(assigned)).map((s) => [s.id, s]));
      const tags = await repository.tagsOf(rows.map((row) => row.id));
      const now = clock.now();
      return rows.map((row) => ({
        id: row.id,
        ...ticketHeadline(row),
        tags: tags.get(row.id) ?? [],
        ...ticketTimers(row, now, firstResponseHours),
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

    async detail(idOrReference, actor) {
      assertRole(actor.role, "writer");
      const ticket = await tickets.existing(await tickets.idOf(idOrReference));
      tickets.mayHandle(ticket, actor);
      const customer = await customerByEmail(ticket.email);
      return {
        id: ticket.id,
        ...ticketHeadline(ticket),
        tags: (await repository.tagsOf([ticket.id])).get(ticket.id) ?? [],
        notes: await tickets.notes(ticket),
        ...ticketTimers(ticket, clock.now(), firstResponseHours),
        email: ticket.email,
        locale: localeOf(ticket),
        status: ticket.status,
        createdAt: ticket.createdAt,
        closedAt: ticket.closedAt,
        assignee: await tickets.assigneeOf(ticket),
        messages: await tickets.thread(ticket),
        // A writer is fenced off from a customer's other orders (order-access.ts): they see the name, not the orders.
        customer: customer && !roleAtLeast(actor.role, "manager") ? { ...customer, orders: [] } : customer,
        assignees: await tickets.staffOf(),
      };
    },

    ticketsOf: customerTickets(repository),
  };
}
