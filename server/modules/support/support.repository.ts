import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export interface NewTicket {
  id: string;
  email: string;
  subject?: string;
  description: string;
  locale: string;
  createdAt: string;
}

/** An account's own address and the moment it was registered: what it sent since then is its own. */
export interface TicketSender {
  email: string;
  since: string;
}

export function createSupportRepository(db: Kysely<Database>) {
  return {
    /** How many tickets are still open (the back office's dashboard). */
    async countOpen(trx: Kysely<Database> = db): Promise<number> {
      return Number((await trx.selectFrom("support_tickets").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "open").executeTakeFirst())?.n ?? 0);
    },

    /** Whether a ticket's id begins with `prefix` (its number is taken): a range on the primary key. */
    async idPrefixTaken(prefix: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom("support_tickets").select("id").where("id", ">=", prefix).where("id", "<", `${prefix}\uffff`).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async insert(ticket: NewTicket, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("support_tickets")
        .values({
          id: ticket.id,
          email: ticket.email,
          subject: ticket.subject ?? "",
          description: ticket.description,
          locale: ticket.locale,
          created_at: ticket.createdAt,
          updated_at: ticket.createdAt,
        })
        .execute();
    },

    /** The tickets sent from `sender.email` since `sender.since` (an ISO instant), newest first. */
    async listBySender(sender: TicketSender, trx: Kysely<Database> = db): Promise<Array<{ id: string; description: string; createdAt: string }>> {
      const rows = await trx
        .selectFrom("support_tickets")
        .select(["id", "description", "created_at"])
        .where("email", "=", sender.email)
        .where("created_at", ">=", sender.since)
        .orderBy("created_at", "desc")
        .execute();
      return rows.map((row) => ({ id: row.id, description: row.description, createdAt: row.created_at }));
    },

    /**
     * Privacy: the tickets sent from `sender.email` since `sender.since` lose the address, the first message and the
     * requester's later messages, and their private links end; the ids, dates and staff replies stay for the support
     * team's records. Nothing sent from another address, or before `since`, is touched.
     */
    async anonymiseBySender(sender: TicketSender, trx: Kysely<Database> = db): Promise<void> {
      const theirs = trx.selectFrom("support_tickets").select("id").where("email", "=", sender.email).where("created_at", ">=", sender.since);
      await trx.updateTable("support_messages").set({ body: "" }).where("author", "=", "requester").where("ticket_id", "in", theirs).execute();
      await trx.deleteFrom("support_ticket_links").where("ticket_id", "in", theirs).execute();
      await trx.updateTable("support_tickets").set({ email: "", subject: "", description: "" }).where("email", "=", sender.email).where("created_at", ">=", sender.since).execute();
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
