import { randomUUID } from "node:crypto";
import type { CreateTicketRequest } from "../../../contract/support";
import { systemClock, type Clock } from "../../platform/clock";
import type { Locale } from "../../i18n/messages";
import type { MailService } from "../mail/mail.service";
import type { SupportRepository } from "./support.repository";
import { ticketReference } from "./ticket-reference";

/**
 * A support ticket is stored, then two mails are queued: a confirmation to the sender in their language (with the
 * ticket number, not their text, so the form cannot mail arbitrary words to anyone) and a notice with the whole
 * message to the support inbox (in English, the team's language).
 */
export function createSupportService(repository: SupportRepository, mail: MailService, options: { supportEmail: string; clock?: Clock }) {
  const clock = options.clock ?? systemClock;
  return {
    async createTicket(request: CreateTicketRequest, locale: Locale): Promise<{ id: string }> {
      const ticket = { id: randomUUID(), ...request, locale, createdAt: clock.now().toISOString() };
      await repository.insert(ticket);
      const reference = ticketReference(ticket.id);
      await mail.send({ to: ticket.email, locale, template: "ticketReceived", data: { reference } });
      await mail.send({
        to: options.supportEmail,
        locale: "en",
        template: "ticketNotice",
        data: { reference, email: ticket.email, language: locale, message: ticket.description, receivedAt: ticket.createdAt },
      });
      return { id: ticket.id };
    },

    /** The tickets sent from `email`, newest first (the data export). */
    ticketsOf: (email: string) => repository.listByEmail(email),

    /** Account closing: the tickets sent from `email` lose the address and the message. */
    forgetSender: (email: string) => repository.anonymiseByEmail(email),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
