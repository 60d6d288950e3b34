import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export interface NewTicket {
  id: string;
  email: string;
  description: string;
  locale: string;
  createdAt: string;
}

export function createSupportRepository(db: Kysely<Database>) {
  return {
    async insert(ticket: NewTicket, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("support_tickets")
        .values({
          id: ticket.id,
          email: ticket.email,
          description: ticket.description,
          locale: ticket.locale,
          created_at: ticket.createdAt,
          updated_at: ticket.createdAt,
        })
        .execute();
    },

    async listByEmail(email: string, trx: Kysely<Database> = db): Promise<Array<{ id: string; description: string; createdAt: string }>> {
      const rows = await trx.selectFrom("support_tickets").select(["id", "description", "created_at"]).where("email", "=", email).orderBy("created_at", "desc").execute();
      return rows.map((row) => ({ id: row.id, description: row.description, createdAt: row.created_at }));
    },

    /** Privacy: the sender's address and words erased; the ticket's id and date stay for the support team's records. */
    async anonymiseByEmail(email: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable("support_tickets").set({ email: "", description: "" }).where("email", "=", email).execute();
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
