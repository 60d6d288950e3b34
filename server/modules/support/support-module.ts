import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import { createTransactionOpener } from "../../platform/transactions";
import type { MailService } from "../mail";
import {
  createSupportDeskService,
  customerTickets,
  type SupportDeskDeps,
  type SupportDeskService,
} from "./support-desk.service";
import { createSupportDeskRepository } from "./support-desk.repository";
import { createSavedReplies, type SavedReplies } from "./saved-replies";
import { createSupportRepository } from "./support.repository";
import { createSupportService, type SupportService } from "./support.service";

export interface SupportModuleDeps {
  db: Kysely<Database>;
  mail: MailService;
  supportEmail: string;
  clock?: Clock;
}

export interface SupportModule {
  /** Tickets customers (and visitors) open, and how many are open (the back office's dashboard). */
  support: SupportService;
  /** A customer's recent tickets by their e-mail (the customers module shows them). */
  ticketsOf: SupportDeskService["ticketsOf"];
}

/**
 * The customer side of support, wired before orders and customers (which read its tickets). The desk, the staff
 * inbox, comes after them (createSupportDeskModule): a ticket shows its customer, read through the customers module.
 */
export function createSupportModule({ db, mail, supportEmail, clock }: SupportModuleDeps): SupportModule {
  return {
    support: createSupportService(createSupportRepository(db), mail, { supportEmail, clock, transaction: createTransactionOpener(db) }),
    ticketsOf: customerTickets(createSupportDeskRepository(db)),
  };
}

export type SupportDeskModuleDeps = Omit<SupportDeskDeps, "repository">;

export interface SupportDeskModule {
  /** The staff inbox: every ticket with its thread, replies, assignment, close and reopen, and the requester's link. */
  supportDesk: SupportDeskService;
  /** Saved replies in both languages (managers and admins edit them; everyone on the desk uses them). */
  savedReplies: SavedReplies;
}

/** The support desk wired once, over the same tickets as createSupportModule. */
export function createSupportDeskModule(deps: SupportDeskModuleDeps): SupportDeskModule {
  return {
    supportDesk: createSupportDeskService({ ...deps, repository: createSupportDeskRepository(deps.db) }),
    savedReplies: createSavedReplies({ db: deps.db, audit: deps.audit, clock: deps.clock }),
  };
}
