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

/**
 * What staff do to a ticket, each with its audit row. Every action takes the ticket's id or its number; managers and
 * admins act on any ticket, a writer on the tickets assigned to them; only managers and admins assign.
 */
export interface SupportDeskActions {
  /** Writes to the requester: the reply joins the thread and is mailed with a fresh private link. */
  reply(id: string, body: string, actor: StaffActor): Promise<void>;
  /** An internal note: staff only, never in the thread the requester reads, never mailed. */
  note(id: string, body: string, actor: StaffActor): Promise<void>;
  tag(id: string, tag: string, actor: StaffActor): Promise<void>;
  untag(id: string, tag: string, actor: StaffActor): Promise<void>;
  /** Gives the ticket to an active member of staff who handles support, or to nobody (null). */
  assign(id: string, staffId: string | null, actor: StaffActor): Promise<void>;
  close(id: string, actor: StaffActor): Promise<void>;
  reopen(id: string, actor: StaffActor): Promise<void>;
}

type ActionDeps = Pick<SupportDeskDeps, "db" | "repository" | "mail" | "audit" | "publicUrl" | "notifier"> & {
  clock: Clock;
  tickets: TicketReader;
};

const summary = (ticket: TicketRow) => ({ status: ticket.status, assignedTo: ticket.assignedTo });

type Change = (ticket: TicketRow, trx: Kysely<Database>, now: Date) => Promise<{ before: unknown; after: unknown } | undefined>;

export function createSupportDeskActions({ db, repository, mail, audit, publicUrl, clock, tickets, notifier }: ActionDeps): SupportDeskActions {
  /**
   * A staff action on one ticket: one transaction, the row locked, the change and its audit row together. The audit
   * row holds what `change` answers, or else the ticket's state and assignee before and after.
   */
  const act = async (idOrReference: string, actor: StaffActor, action: string, change: Change) => {
    assertRole(actor.role, "writer");
    const id = await tickets.idOf(idOrReference);
    await db.transaction().execute(async (trx) => {
      await repository.lock(id, trx);
      const before = await tickets.existing(id, trx);
      tickets.mayHandle(before, actor);
      const record = await change(before, trx, clock.now());
      const values = record ?? { before: summary(before), after: summary(await tickets.existing(id, trx)) };
      await audit.record({ actor, action, subjectType: "support_ticket", subjectId: id, ...values }, trx);
    });
  };
  const tagsOf = async (id: string, trx: Kysely<Database>) => (await repository.tagsOf([id], trx)).get(id) ?? [];

  return {
    async reply(id, body, actor) {
      await act(id, actor, "ticket.reply", async (ticket, trx, now) => {
        const at = now.toISOString();
        const message: MessageRow = { id: randomUUID(), author: "staff", staffId: actor.id, body, createdAt: at };
        await repository.addMessage(ticket.id, message, trx);
        await repository.update(ticket.id, { updated_at: at, ...(ticket.firstResponseAt ? {} : { first_response_at: at }) }, trx);
        const token = randomBytes(32).toString("base64url");
        const expires = new Date(now.getTime() + TICKET_LINK_DAYS * DAY_MS);
        await repository.addLink(ticket.id, hashTicketToken(token), at, expires.toISOString(), trx);
        const locale = localeOf(ticket);
        const expiresOn = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(expires);
        const link = ticketLinkUrl(publicUrl, token, locale);
        await mail.send(staffReplyMail(ticket.email, ticketReference(ticket.id), body, link, expiresOn, locale), trx);
        return { before: null, after: { messageId: message.id, bodyChars: body.length } };
      });
    },

    async note(id, body, actor) {
      await act(id, actor, "ticket.note", async (ticket, trx, now) => {
        const noteId = randomUUID();
        await repository.addNote(ticket.id, { id: noteId, staffId: actor.id, body, createdAt: now.toISOString() }, trx);
        return { before: null, after: { noteId, bodyChars: body.length } };
      });
    },

    async tag(id, tag, actor) {
      await act(id, actor, "ticket.tag", async (ticket, trx, now) => {
        const before = await tagsOf(ticket.id, trx);
        if (!(await repository.addTag(ticket.id, tag, now.toISOString(), trx))) throw DomainError.field("tag", "supportDesk.tagTaken");
        return { before: { tags: before }, after: { tags: await tagsOf(ticket.id, trx) } };
      });
    },

    async untag(id, tag, actor) {
      await act(id, actor, "ticket.untag", async (ticket, trx) => {
        const before = await tagsOf(ticket.id, trx);
        if (!(await repository.removeTag(ticket.id, tag, trx))) throw DomainError.notFound();
        return { before: { tags: before }, after: { tags: await tagsOf(ticket.id, trx) } };
      });
    },

    async assign(id, staffId, actor) {
      assertRole(actor.role, "manager");
      if (staffId && !(await tickets.staffOf()).some((member) => member.id === staffId))
        throw DomainError.field("staffId", "supportDesk.notAssignable");
      await act(id, actor, "ticket.assign", async (ticket, trx, now) => {
        await repository.update(ticket.id, { assigned_to: staffId, updated_at: now.toISOString() }, trx);
        // The new assignee hears of it (not someone taking it themselves, nor the one who had it already).
        if (staffId && staffId !== ticket.assignedTo)
          await notifier?.notify(trx, { kind: "ticket", ticket: { id: ticket.id, reference: ticketReference(ticket.id) }, assignees: [staffId], actorId: actor.id });
        return undefined;
      });
    },

    async close(id, actor) {
      await act(id, actor, "ticket.close", async (ticket, trx, now) => {
        if (ticket.status === "closed") throw DomainError.conflict("supportDesk.alreadyClosed");
        const at = now.toISOString();
        await repository.update(ticket.id, { status: "closed", closed_at: at, updated_at: at }, trx);
        return undefined;
      });
    },

    async reopen(id, actor) {
      await act(id, actor, "ticket.reopen", async (ticket, trx, now) => {
        if (ticket.status === "open") throw DomainError.conflict("supportDesk.alreadyOpen");
        await repository.update(ticket.id, { status: "open", closed_at: null, updated_at: now.toISOString() }, trx);
        return undefined;
      });
    },
  };
}
