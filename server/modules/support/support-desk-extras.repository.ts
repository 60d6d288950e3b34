import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export interface NoteRow {
  id: string;
  staffId: string | null;
  body: string;
  createdAt: string;
}

/**
 * A ticket's tags and internal notes (tables of their own: nothing here is ever part of the requester's thread), and
 * the open tickets a colleague holds.
 */
export function createTicketExtrasRepository(db: Kysely<Database>) {
  return {
    /** The open tickets assigned to `staffId`, oldest first (what their deactivation hands over). */
    async openAssignedTo(staffId: string, trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx.selectFrom("support_tickets").select("id").where("assigned_to", "=", staffId).where("status", "=", "open").orderBy("created_at").execute();
      return rows.map((row) => row.id);
    },

    /** The tags of these tickets, each ticket's in alphabetical order. */
    async tagsOf(ticketIds: readonly string[], trx: Kysely<Database> = db): Promise<Map<string, string[]>> {
      const tags = new Map<string, string[]>();
      if (ticketIds.length === 0) return tags;
      const rows = await trx.selectFrom("support_ticket_tags").select(["ticket_id", "tag"]).where("ticket_id", "in", [...ticketIds]).orderBy("tag").execute();
      for (const row of rows) tags.set(row.ticket_id, [...(tags.get(row.ticket_id) ?? []), row.tag]);
      return tags;
    },

    /** Adds a tag; false when the ticket already had it. */
    async addTag(ticketId: string, tag: string, at: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx.insertInto("support_ticket_tags").values({ ticket_id: ticketId, tag, created_at: at }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Removes a tag; false when the ticket did not have it. */
    async removeTag(ticketId: string, tag: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx.deleteFrom("support_ticket_tags").where("ticket_id", "=", ticketId).where("tag", "=", tag).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async notes(ticketId: string, trx: Kysely<Database> = db): Promise<NoteRow[]> {
      const rows = await trx.selectFrom("support_notes").select(["id", "staff_id", "body", "created_at"]).where("ticket_id", "=", ticketId).orderBy("created_at").orderBy("id").execute();
      return rows.map((row) => ({ id: row.id, staffId: row.staff_id, body: row.body, createdAt: row.created_at }));
    },

    async addNote(ticketId: string, note: NoteRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto("support_notes").values({ id: note.id, ticket_id: ticketId, staff_id: note.staffId, body: note.body, created_at: note.createdAt }).execute();
    },

  };
}
