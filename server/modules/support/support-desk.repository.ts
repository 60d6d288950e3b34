import type { Kysely } from "kysely";
import { matchesWords, searchWords } from "../../db/full-text";
import type { Database } from "../../db/schema";
import type { TicketStatus } from "./support.tables";
import { createTicketExtrasRepository } from "./support-desk-extras.repository";
import { holdRow } from "../../db/row-lock";

export type { NoteRow } from "./support-desk-extras.repository";

export interface TicketRow {
  id: string;
  email: string;
  /** As stored: empty on older tickets (ticketSubject derives one). */
  subject: string;
  description: string;
  locale: string;
  status: TicketStatus;
  assignedTo: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  firstResponseAt: string | null;
}

/** What narrows the inbox: state, requester's e-mail part or ticket number, tag, and (a writer's view) assignee. */
export interface InboxFilter {
  status: TicketStatus | "all";
  /** Words the ticket holds: its number (T-5A8E837D), the requester's e-mail or its domain, its thread. */
  text?: string;
  tag?: string;
  assignedTo?: string;
}

export interface MessageRow {
  id: string;
  author: "requester" | "staff";
  staffId: string | null;
  body: string;
  createdAt: string;
}

const INBOX_PAGE = 100;

const SEARCH_PAGE = 50;

/** The tickets whose reference, e-mail, first message or thread holds every word (the support full-text index). */
const matchingTickets = (trx: Kysely<Database>, words: string[]) =>
  trx.selectFrom("ticket_search").select("ticket_search.ticket_id").where(matchesWords(trx, "ticket_search", words));

const ticketColumns = [
  "id", "email", "subject", "description", "locale", "status", "assigned_to", "created_at", "updated_at", "closed_at", "first_response_at",
] as const;
const toTicket = (row: {
  id: string; email: string; subject: string; description: string; locale: string; status: TicketStatus; assigned_to: string | null;
  created_at: string; updated_at: string | null; closed_at: string | null; first_response_at: string | null;
}): TicketRow => ({
  id: row.id, email: row.email, subject: row.subject, description: row.description, locale: row.locale, status: row.status, assignedTo: row.assigned_to,
  createdAt: row.created_at, updatedAt: row.updated_at ?? row.created_at, closedAt: row.closed_at, firstResponseAt: row.first_response_at,
});

async function searchTickets(trx: Kysely<Database>, text: string, limit: number): Promise<TicketRow[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const rows = await trx
    .selectFrom("support_tickets")
    .select(ticketColumns)
    .where("id", "in", matchingTickets(trx, words))
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .limit(Math.min(limit, SEARCH_PAGE))
    .execute();
  return rows.map(toTicket);
}

/** The support inbox: tickets, their threads, their private links. Each method runs on the transaction given last. */
export function createSupportDeskRepository(db: Kysely<Database>) {
  return {
    ...createTicketExtrasRepository(db),

    /** The newest first by last activity, with who wrote last; `text`: the words a ticket or its thread holds. */
    async list(filter: InboxFilter, trx: Kysely<Database> = db): Promise<Array<TicketRow & { lastAuthor: "requester" | "staff" }>> {
      const { status, text, tag, assignedTo } = filter;
      let query = trx
        .selectFrom("support_tickets")
        .select(ticketColumns)
        .select((eb) =>
          eb
            .selectFrom("support_messages")
            .select("author")
            .whereRef("support_messages.ticket_id", "=", "support_tickets.id")
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(1)
            .as("last_author"),
        );
      if (status !== "all") query = query.where("status", "=", status);
      if (text?.trim()) {
        const words = searchWords(text);
        if (words.length === 0) return [];
        query = query.where("id", "in", matchingTickets(trx, words));
      }
      if (tag) query = query.where("id", "in", (eb) => eb.selectFrom("support_ticket_tags").select("ticket_id").where("tag", "=", tag));
      if (assignedTo) query = query.where("assigned_to", "=", assignedTo);
      const rows = await query.orderBy("updated_at", "desc").orderBy("id").limit(INBOX_PAGE).execute();
      return rows.map((row) => ({ ...toTicket(row), lastAuthor: row.last_author ?? "requester" }));
    },

    /** Tickets of any status whose text holds every word of `text`, last activity first (the back office's search). */
    search: (text: string, limit: number, trx: Kysely<Database> = db): Promise<TicketRow[]> => searchTickets(trx, text, limit),

    async find(id: string, trx: Kysely<Database> = db): Promise<TicketRow | undefined> {
      const row = await trx.selectFrom("support_tickets").select(ticketColumns).where("id", "=", id).executeTakeFirst();
      return row ? toTicket(row) : undefined;
    },

    /** The id of the ticket whose id begins with `prefix` (a ticket number), when exactly one does. */
    async idByPrefix(prefix: string, trx: Kysely<Database> = db): Promise<string | undefined> {
      const rows = await trx.selectFrom("support_tickets").select("id").where("id", ">=", prefix).where("id", "<", `${prefix}\uffff`).limit(2).execute();
      return rows.length === 1 ? rows[0]?.id : undefined;
    },

    /** Locks the ticket's row for the rest of the transaction on PostgreSQL (SQLite holds the whole database). */
    async lock(id: string, trx: Kysely<Database>): Promise<void> {
      await holdRow(trx, "support_tickets", id);
    },

    async messages(ticketId: string, trx: Kysely<Database> = db): Promise<MessageRow[]> {
      const rows = await trx
        .selectFrom("support_messages")
        .select(["id", "author", "staff_id", "body", "created_at"])
        .where("ticket_id", "=", ticketId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ id: row.id, author: row.author, staffId: row.staff_id, body: row.body, createdAt: row.created_at }));
    },

    async addMessage(ticketId: string, message: MessageRow, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("support_messages")
        .values({ id: message.id, ticket_id: ticketId, author: message.author, staff_id: message.staffId, body: message.body, created_at: message.createdAt })
        .execute();
    },

    async update(id: string, changes: Partial<{ status: TicketStatus; assigned_to: string | null; closed_at: string | null; updated_at: string; first_response_at: string }>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("support_tickets").set(changes).where("id", "=", id).execute();
    },

    async addLink(ticketId: string, tokenHash: string, createdAt: string, expiresAt: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("support_ticket_links").values({ token_hash: tokenHash, ticket_id: ticketId, created_at: createdAt, expires_at: expiresAt }).execute();
    },

    async findLink(tokenHash: string, trx: Kysely<Database> = db): Promise<{ ticketId: string; expiresAt: string } | undefined> {
      const row = await trx.selectFrom("support_ticket_links").select(["ticket_id", "expires_at"]).where("token_hash", "=", tokenHash).executeTakeFirst();
      return row ? { ticketId: row.ticket_id, expiresAt: row.expires_at } : undefined;
    },

    /** Forgets links that ended before `at`. */
    async deleteLinksBefore(at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom("support_ticket_links").where("expires_at", "<", at).execute();
    },

    async ticketsOf(email: string, trx: Kysely<Database> = db): Promise<TicketRow[]> {
      const rows = await trx.selectFrom("support_tickets").select(ticketColumns).where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase())).orderBy("created_at", "desc").limit(50).execute();
      return rows.map(toTicket);
    },
  };
}

export type SupportDeskRepository = ReturnType<typeof createSupportDeskRepository>;
