import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { CustomerOrderLine } from "../../../contract/admin-support";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import type { AuditSink } from "../../platform/staff-action";
import type { People, Person } from "../accounts";
import type { MailService } from "../mail";
import type { StaffNotifier } from "../notifications";
import type { SupportDeskRepository } from "./support-desk.repository";
import { ticketReference } from "./ticket-reference";
import { ticketSubject } from "../../../contract/support";

/** How long a private link mailed with a staff reply opens the thread: long enough to answer after a holiday. */
export const TICKET_LINK_DAYS = 30;

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
  /** Every active member of staff (the staff module's directory): who a ticket may be assigned to. */
  activeStaff(trx?: Kysely<Database>): Promise<Person[]>;
  /** Hours within which a new ticket should get its first staff answer (SUPPORT_FIRST_RESPONSE_HOURS). */
  firstResponseHours: number;
  /** Tells the member of staff a ticket is assigned to (the notifications module's port). */
  notifier?: StaffNotifier;
}

/**
 * Who handles tickets: every staff role. Managers and admins see the whole inbox; a writer sees and works the tickets
 * assigned to them (issue 26: "assigned to managers and admins only" was a miss).
 */
export const SUPPORT_ROLES = ["writer", "manager", "admin"] as const;

const EXCERPT = 140;
export const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/** A customer's recent tickets by their e-mail (the customers page shows them; built before the desk, which needs customers). */
export const customerTickets = (repository: Pick<SupportDeskRepository, "ticketsOf">) => async (email: string) =>
  (await repository.ticketsOf(email)).map((ticket) => ({
    id: ticket.id,
    reference: ticketReference(ticket.id),
    subject: ticketSubject(ticket.subject, ticket.description),
    status: ticket.status,
    excerpt: excerpt(ticket.description),
    createdAt: ticket.createdAt,
  }));
