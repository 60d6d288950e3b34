import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DAY_MS, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type StaffActor } from "../../platform/staff-action";
import { hashTicketToken, TICKET_LINK_DAYS, type SupportDeskDeps } from "./support-desk-deps";
import { staffReplyMail, ticketLinkUrl } from "./support-desk-mail";
import { localeOf, type TicketReader } from "./support-desk-tickets";
import type { MessageRow, TicketRow } from "./support-desk.repository";
import { ticketReference } from "./ticket-reference";

/** What staff do to a ticket (managers and admins), each with its audit row. */
export interface SupportDeskActions {
  /** Writes to the requester: the reply joins the thread and is mailed with a fresh private link. */
  reply(id: string, body: string, actor: StaffActor): Promise<void>;
  /** Gives the ticket to a manager or admin, or to nobody (null). */
  assign(id: string, staffId: string | null, actor: StaffActor): Promise<void>;
  close(id: string, actor: StaffActor): Promise<void>;
  reopen(id: string, actor: StaffActor): Promise<void>;
}

type ActionDeps = Pick<SupportDeskDeps, "db" | "repository" | "mail" | "audit" | "publicUrl" | "notifier"> & {
  clock: Clock;
  tickets: TicketReader;
};

const summary = (ticket: TicketRow) => ({ status: ticket.status, assignedTo: ticket.assignedTo });

export function createSupportDeskActions({
  db,
  repository,
  mail,
  audit,
  publicUrl,
  clock,
  tickets,
  notifier,
}: ActionDeps): SupportDeskActions {
  /** A staff action on one ticket: one transaction, the row locked, the change and its audit row together. */
  const act = async (
    id: string,
    actor: StaffActor,
    action: string,
    change: (ticket: TicketRow, trx: Kysely<Database>, at: string) => Promise<void>,
  ) => {
    assertRole(actor.role, "manager");
    await db.transaction().execute(async (trx) => {
      await repository.lock(id, trx);
      const before = await tickets.existing(id, trx);
      const at = clock.now().toISOString();
      await change(before, trx, at);
      const after = await tickets.existing(id, trx);
      await audit.record(
        { actor, action, subjectType: "support_ticket", subjectId: id, before: summary(before), after: summary(after) },
        trx,
      );
    });
  };

  return {
    async reply(id, body, actor) {
      assertRole(actor.role, "manager");
      await db.transaction().execute(async (trx) => {
        await repository.lock(id, trx);
        const ticket = await tickets.existing(id, trx);
        const now = clock.now();
        const at = now.toISOString();
        const message: MessageRow = { id: randomUUID(), author: "staff", staffId: actor.id, body, createdAt: at };
        await repository.addMessage(id, message, trx);
        await repository.update(id, { updated_at: at }, trx);
        const token = randomBytes(32).toString("base64url");
        const expires = new Date(now.getTime() + TICKET_LINK_DAYS * DAY_MS);
        await repository.addLink(id, hashTicketToken(token), at, expires.toISOString(), trx);
        const locale = localeOf(ticket);
        const expiresOn = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", {
          dateStyle: "long",
          timeZone: "UTC",
        }).format(expires);
        await mail.send(
          staffReplyMail(ticket.email, ticket.id, body, ticketLinkUrl(publicUrl, token, locale), expiresOn, locale),
          trx,
        );
        await audit.record(
          {
            actor,
            action: "ticket.reply",
            subjectType: "support_ticket",
            subjectId: id,
            before: null,
            after: { messageId: message.id, bodyChars: body.length },
          },
          trx,
        );
      });
    },

    async assign(id, staffId, actor) {
      assertRole(actor.role, "manager");
      if (staffId && !(await tickets.staffOf()).some((member) => member.id === staffId))
        throw DomainError.field("staffId", "supportDesk.notAssignable");
      await act(id, actor, "ticket.assign", async (ticket, trx, at) => {
        await repository.update(id, { assigned_to: staffId, updated_at: at }, trx);
        // The new assignee hears of it (not someone taking it themselves, nor the one who had it already).
        if (staffId && staffId !== ticket.assignedTo)
          await notifier?.notify(trx, { kind: "ticket", ticket: { id, reference: ticketReference(id) }, assignees: [staffId], actorId: actor.id });
      });
    },

    async close(id, actor) {
      await act(id, actor, "ticket.close", async (ticket, trx, at) => {
        if (ticket.status === "closed") throw DomainError.conflict("supportDesk.alreadyClosed");
        await repository.update(id, { status: "closed", closed_at: at, updated_at: at }, trx);
      });
    },

    async reopen(id, actor) {
      await act(id, actor, "ticket.reopen", async (ticket, trx, at) => {
        if (ticket.status === "open") throw DomainError.conflict("supportDesk.alreadyOpen");
        await repository.update(id, { status: "open", closed_at: null, updated_at: at }, trx);
      });
    },
  };
}
