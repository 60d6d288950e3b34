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
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
