import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CustomerOrderLine, PublicTicket, TicketDetail, TicketListEntry, TicketMessage, TicketStatus } from "../../../contract/admin-support";
import type { Database } from "../../db/schema";
import { isLocale, type Locale } from "../../../common/locales";
import { DAY_MS, systemClock, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type AuditSink, type StaffActor } from "../../platform/staff-action";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { MailService } from "../mail";
import { requesterAnswerMail, staffReplyMail, ticketLinkUrl } from "./support-desk-mail";
import type { MessageRow, SupportDeskRepository, TicketRow } from "./support-desk.repository";
import { fullNameOf, type People } from "../accounts";

/** How long a private link mailed with a staff reply opens the thread: long enough to answer after a holiday. */
export const TICKET_LINK_DAYS = 30;

/** The daily job that forgets private links that have ended. */
export const TICKET_LINKS_PURGE_JOB = "ticketLinks.purge";

export const hashTicketToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export interface SupportDeskDeps {
  db: Kysely<Database>;
  repository: SupportDeskRepository;
  mail: MailService;
  jobs: Pick<JobRunner, "register" | "scheduleDaily">;
  audit: AuditSink;
  /** The customer with this email and their recent orders, when there is one. */
  customerByEmail(email: string): Promise<{ id: string; name: string; orders: CustomerOrderLine[] } | null>;
  publicUrl: string;
  supportEmail: string;
  clock?: Clock;
  /** Names and e-mails of staff (the accounts module's people directory). */
  people: Pick<People, "byIds" | "withRoles">;
}

const EXCERPT = 140;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/** A customer's recent tickets by their e-mail (the customers page shows them; built before the desk, which needs customers). */
export const customerTickets = (repository: Pick<SupportDeskRepository, "ticketsOf">) => async (email: string) =>
  (await repository.ticketsOf(email)).map((ticket) => ({ id: ticket.id, status: ticket.status, excerpt: excerpt(ticket.description), createdAt: ticket.createdAt }));

/**
 * The support inbox (managers and admins): every ticket with its thread, replies mailed to the requester with a
 * private link, assignment, close and reopen. Through that link the requester reads the thread and answers without
 * an account; the link's token is random (32 bytes), kept only as its SHA-256, and ends after TICKET_LINK_DAYS.
 */
export function createSupportDeskService({ db, repository, mail, jobs, audit, customerByEmail, publicUrl, supportEmail, clock = systemClock, people }: SupportDeskDeps) {
  /** These people (by id), or else the managers and admins (who a ticket may be assigned to), by name. */
  const staffOf = async (ids?: string[], trx?: Kysely<Database>): Promise<Array<{ id: string; name: string; email: string }>> => {
    const rows = ids ? await people.byIds(ids, trx) : await people.withRoles(["manager", "admin"], trx);
    const byName = [...rows].sort((a, b) => (a.first_name < b.first_name ? -1 : a.first_name > b.first_name ? 1 : a.last_name < b.last_name ? -1 : a.last_name > b.last_name ? 1 : 0));
    return byName.map((row) => ({ id: row.id, name: fullNameOf(row), email: row.email }));
  };
  jobs.register(TICKET_LINKS_PURGE_JOB, async (_payload, context) => {
    await repository.deleteLinksBefore(context.now.toISOString());
    await jobs.scheduleDaily(TICKET_LINKS_PURGE_JOB);
  });

  const localeOf = (ticket: TicketRow): Locale => (isLocale(ticket.locale) ? ticket.locale : "en");

  const thread = async (ticket: TicketRow, trx: Kysely<Database> = db): Promise<TicketMessage[]> => {
    const rows = await repository.messages(ticket.id, trx);
    const names = new Map((await staffOf([...new Set(rows.flatMap((row) => (row.staffId ? [row.staffId] : [])))], trx)).map((s) => [s.id, s.name.split(" ")[0] ?? s.name]));
    const first: TicketMessage = { id: ticket.id, author: "requester", staffName: null, body: ticket.description, createdAt: ticket.createdAt };
    return [first, ...rows.map((row) => ({ id: row.id, author: row.author, staffName: row.staffId ? (names.get(row.staffId) ?? null) : null, body: row.body, createdAt: row.createdAt }))];
  };

  const existing = async (id: string, trx: Kysely<Database> = db): Promise<TicketRow> => {
    const ticket = await repository.find(id, trx);
    if (!ticket) throw DomainError.notFound();
    return ticket;
  };

  const assigneeOf = async (ticket: TicketRow, trx: Kysely<Database> = db) =>
    ticket.assignedTo ? ((await staffOf([ticket.assignedTo], trx))[0] ?? null) : null;

  const summary = (ticket: TicketRow) => ({ status: ticket.status, assignedTo: ticket.assignedTo });

  /** A staff action on one ticket: one transaction, the row locked, the change and its audit row together. */
  const act = async (id: string, actor: StaffActor, action: string, change: (ticket: TicketRow, trx: Kysely<Database>, at: string) => Promise<void>) => {
    assertRole(actor.role, "manager");
    await db.transaction().execute(async (trx) => {
      await repository.lock(id, trx);
      const before = await existing(id, trx);
      const at = clock.now().toISOString();
      await change(before, trx, at);
      const after = await existing(id, trx);
      await audit.record({ actor, action, subjectType: "support_ticket", subjectId: id, before: summary(before), after: summary(after) }, trx);
    });
  };

  const service = {
    /** At start: makes sure the daily purge of ended links is scheduled. */
    prepare: (): Promise<void> => jobs.scheduleDaily(TICKET_LINKS_PURGE_JOB),

    async list(status: TicketStatus, query: string | undefined, actor: StaffActor): Promise<TicketListEntry[]> {
      assertRole(actor.role, "manager");
      const rows = await repository.list(status, query);
      const staff = new Map((await staffOf([...new Set(rows.flatMap((row) => (row.assignedTo ? [row.assignedTo] : [])))])).map((s) => [s.id, s]));
      return rows.map((row) => ({
        id: row.id, email: row.email, status: row.status, excerpt: excerpt(row.description), assignee: row.assignedTo ? (staff.get(row.assignedTo) ?? null) : null,
        createdAt: row.createdAt, updatedAt: row.updatedAt, lastAuthor: row.lastAuthor,
      }));
    },

    async detail(id: string, actor: StaffActor): Promise<TicketDetail> {
      assertRole(actor.role, "manager");
      const ticket = await existing(id);
      return {
        id: ticket.id, email: ticket.email, locale: localeOf(ticket), status: ticket.status, createdAt: ticket.createdAt, closedAt: ticket.closedAt,
        assignee: await assigneeOf(ticket), messages: await thread(ticket), customer: await customerByEmail(ticket.email), assignees: await staffOf(),
      };
    },

    /** Writes to the requester: the reply joins the thread and is mailed with a fresh private link. */
    async reply(id: string, body: string, actor: StaffActor): Promise<void> {
      assertRole(actor.role, "manager");
      await db.transaction().execute(async (trx) => {
        await repository.lock(id, trx);
        const ticket = await existing(id, trx);
        const now = clock.now();
        const at = now.toISOString();
        const message: MessageRow = { id: randomUUID(), author: "staff", staffId: actor.id, body, createdAt: at };
        await repository.addMessage(id, message, trx);
        await repository.update(id, { updated_at: at }, trx);
        const token = randomBytes(32).toString("base64url");
        const expires = new Date(now.getTime() + TICKET_LINK_DAYS * DAY_MS);
        await repository.addLink(id, hashTicketToken(token), at, expires.toISOString(), trx);
        const locale = localeOf(ticket);
        const expiresOn = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(expires);
        await mail.send(staffReplyMail(ticket.email, ticket.id, body, ticketLinkUrl(publicUrl, token, locale), expiresOn, locale), trx);
        await audit.record({ actor, action: "ticket.reply", subjectType: "support_ticket", subjectId: id, before: null, after: { messageId: message.id, bodyChars: body.length } }, trx);
      });
    },

    /** Gives the ticket to a manager or admin, or to nobody (null). */
    async assign(id: string, staffId: string | null, actor: StaffActor): Promise<void> {
      assertRole(actor.role, "manager");
      if (staffId && !(await staffOf()).some((member) => member.id === staffId)) throw DomainError.field("staffId", "supportDesk.notAssignable");
      await act(id, actor, "ticket.assign", async (_ticket, trx, at) => repository.update(id, { assigned_to: staffId, updated_at: at }, trx));
    },

    async close(id: string, actor: StaffActor): Promise<void> {
      await act(id, actor, "ticket.close", async (ticket, trx, at) => {
        if (ticket.status === "closed") throw DomainError.conflict("supportDesk.alreadyClosed");
        await repository.update(id, { status: "closed", closed_at: at, updated_at: at }, trx);
      });
    },

    async reopen(id: string, actor: StaffActor): Promise<void> {
      await act(id, actor, "ticket.reopen", async (ticket, trx, at) => {
        if (ticket.status === "open") throw DomainError.conflict("supportDesk.alreadyOpen");
        await repository.update(id, { status: "open", closed_at: null, updated_at: at }, trx);
      });
    },

    /** The tickets written from `email` (a customer's page lists them). */
    ticketsOf: customerTickets(repository),

    /** The thread behind a private link; 404 for an unknown or ended link (the same answer, nothing to probe). */
    async byToken(token: string): Promise<PublicTicket> {
      const { ticket, expiresAt } = await linked(token);
      return { id: ticket.id, status: ticket.status, createdAt: ticket.createdAt, messages: await thread(ticket), expiresAt };
    },

    /** The requester answers through the link: the answer joins the thread, reopens a closed ticket, and support hears of it. */
    async answerByToken(token: string, body: string): Promise<PublicTicket> {
      const { ticket: found } = await linked(token);
      await db.transaction().execute(async (trx) => {
        await repository.lock(found.id, trx);
        const ticket = await existing(found.id, trx);
        const at = clock.now().toISOString();
        await repository.addMessage(ticket.id, { id: randomUUID(), author: "requester", staffId: null, body, createdAt: at }, trx);
        await repository.update(ticket.id, { status: "open", closed_at: null, updated_at: at }, trx);
        const assignee = await assigneeOf(ticket, trx);
        await mail.send(requesterAnswerMail(assignee?.email ?? supportEmail, ticket.id, ticket.email, body, publicUrl), trx);
      });
      return service.byToken(token);
    },
  };

  const linked = async (token: string): Promise<{ ticket: TicketRow; expiresAt: string }> => {
    const link = await repository.findLink(hashTicketToken(token));
    if (!link || link.expiresAt <= clock.now().toISOString()) throw new DomainError("not_found", { detail: { key: "supportDesk.linkEnded" } });
    return { ticket: await existing(link.ticketId), expiresAt: link.expiresAt };
  };

  return service;
}

export type SupportDeskService = ReturnType<typeof createSupportDeskService>;
