import { randomUUID } from "node:crypto";
import type { PublicTicket } from "../../../contract/admin-support";
import type { Clock } from "../../platform/clock";
import type { SupportDeskDeps } from "./support-desk-deps";
import { requesterAnswerMail } from "./support-desk-mail";
import { ticketHeadline, type TicketReader } from "./support-desk-tickets";
import { ticketReference } from "./ticket-reference";

/** The requester's side of a ticket, through the private link a staff reply mailed them (no account needed). */
export interface TicketLinkAccess {
  /** The thread behind a private link; 404 for an unknown or ended link (the same answer, nothing to probe). */
  byToken(token: string): Promise<PublicTicket>;
  /** The requester answers through the link: the answer joins the thread, reopens a closed ticket, and support hears of it. */
  answerByToken(token: string, body: string): Promise<PublicTicket>;
}

type LinkDeps = Pick<SupportDeskDeps, "db" | "repository" | "mail" | "publicUrl" | "supportEmail"> & {
  clock: Clock;
  tickets: TicketReader;
};

export function createTicketLinkAccess({
  db,
  repository,
  mail,
  publicUrl,
  supportEmail,
  clock,
  tickets,
}: LinkDeps): TicketLinkAccess {
  const byToken = async (token: string): Promise<PublicTicket> => {
    const { ticket, expiresAt } = await tickets.linked(token);
    return {
      id: ticket.id,
      ...ticketHeadline(ticket),
      status: ticket.status,
      createdAt: ticket.createdAt,
      messages: await tickets.thread(ticket),
      expiresAt,
    };
  };
  return {
    byToken,
    async answerByToken(token, body) {
      const { ticket: found } = await tickets.linked(token);
      await db.transaction().execute(async (trx) => {
        await repository.lock(found.id, trx);
        const ticket = await tickets.existing(found.id, trx);
        const at = clock.now().toISOString();
        await repository.addMessage(
          ticket.id,
          { id: randomUUID(), author: "requester", staffId: null, body, createdAt: at },
          trx,
        );
        await repository.update(ticket.id, { status: "open", closed_at: null, updated_at: at }, trx);
        const assignee = await tickets.assigneeOf(ticket, trx);
        await mail.send(
          requesterAnswerMail(assignee?.email ?? supportEmail, ticketReference(ticket.id), ticket.email, body, publicUrl),
          trx,
        );
      });
      return byToken(token);
    },
  };
}
