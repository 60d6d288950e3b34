import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type CreateTicketRequest, ticketSubject } from "../../../contract/support";
import type { Database } from "../../db/schema";
import { systemClock, type Clock } from "../../platform/clock";
import type { TransactionOpener } from "../../platform/transactions";
import type { Locale } from "../../i18n/messages";
import type { MailService } from "../mail";
import type { SupportRepository, TicketSender } from "./support.repository";
import { ticketReference } from "./ticket-reference";

/**
 * A support ticket is stored with two mails, in one transaction: a confirmation to the sender in their language (with
 * the ticket number, not their text, so the form cannot mail arbitrary words to anyone) and a notice with the whole
 * message to the support inbox (in English, the team's language). The mails are stored as facts and rendered by the
 * mail job after the commit: the request spends no CPU on React Email (issue 27).
 */
export function createSupportService(
  repository: SupportRepository,
  mail: MailService,
  options: { supportEmail: string; transaction: TransactionOpener; clock?: Clock },
) {
  const clock = options.clock ?? systemClock;
  /** A ticket id whose number (its first eight hex digits) no other ticket has. */
  const freshId = async (): Promise<string> => {
    for (;;) {
      const id = randomUUID();
      if (!(await repository.idPrefixTaken(id.slice(0, 9)))) return id;
    }
  };
  return {
    /** Tickets still open, for the back office's dashboard. */
    openCount: (): Promise<number> => repository.countOpen(),

    async createTicket(request: CreateTicketRequest, locale: Locale): Promise<{ id: string; reference: string }> {
      const ticket = { id: await freshId(), ...request, subject: request.subject?.trim() ?? "", locale, createdAt: clock.now().toISOString() };
      const reference = ticketReference(ticket.id);
      await options.transaction(async (trx) => {
        await repository.insert(ticket, trx);
        await mail.send({ to: ticket.email, locale, template: "ticketReceived", data: { reference } }, trx);
        await mail.send(
          {
            to: options.supportEmail,
            locale: "en",
            template: "ticketNotice",
            data: {
              reference,
              subject: ticketSubject(ticket.subject, ticket.description),
              email: ticket.email,
              language: locale,
              message: ticket.description,
              receivedAt: ticket.createdAt,
            },
          },
          trx,
        );
      });
      return { id: ticket.id, reference };
    },

    /** The tickets an account sent from its own address since it was registered, newest first (the data export). */
    ticketsOf: (sender: TicketSender) => repository.listBySender(sender),

    /** Account closing: the tickets the account sent from its own address since it was registered lose the address and the words. */
    forgetSender: (sender: TicketSender, trx?: Kysely<Database>) => repository.anonymiseBySender(sender, trx),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
