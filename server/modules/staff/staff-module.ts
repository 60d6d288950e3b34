import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { ExpiringStore } from "../../platform/expiring-store";
import type { People } from "../accounts";
import type { AuditService } from "../audit";
import type { MailMessage } from "../mail";
import type { StaffSignInAccounts } from "./code-step";
import { createSavedViews, type SavedViews } from "./saved-views";
import { createStaffAuth, type StaffAuth } from "./staff-auth.service";
import { createStaffDirectory, type StaffDirectory } from "./staff-directory";
import { createStaffService, type StaffService } from "./staff.service";
import { createStaffRepository } from "./staff.repository";
import type { StaffWork } from "./staff-service-deps";

export type { StaffWork } from "./staff-service-deps";

export interface StaffModuleDeps {
  db: Kysely<Database>;
  /** The accounts module: the password step, sign-ins, the login throttle, and who people are. */
  accounts: StaffSignInAccounts & { people: People; sessions: { endAllOf(userId: string): Promise<void> } };
  /** Where the sign-in's challenges live (memory or Redis). */
  store: ExpiringStore;
  audit: AuditService;
  mail: { send(message: MailMessage, trx?: Kysely<Database>): Promise<void> };
  clock: Clock;
  /** Keys the recovery codes' HMAC. */
  secret: string;
  publicUrl: string;
  /** A colleague's open work and its hand-over at deactivation (the orders module, built after this one). */
  work: StaffWork;
}

/** The staff module's parts. */
export interface StaffModule {
  /** The staff sign-in: password, then a code or enrolment. */
  auth: StaffAuth;
  /** Who is active staff, and who may be given an order: accounts' people and the staff module's own accounts, composed. */
  directory: StaffDirectory;
  /** Staff accounts for admins, and the invitations. */
  service: StaffService;
  /** Each person's saved views of the order queue. */
  savedViews: SavedViews;
}

/** Staff access wired once (LIFECYCLE.md): the second factor at sign-in, invitations, roles and deactivation. */
export function createStaffModule({
  db,
  accounts,
  store,
  audit,
  mail,
  clock,
  secret,
  publicUrl,
  work,
}: StaffModuleDeps): StaffModule {
  const repository = createStaffRepository(db);
  const people = accounts.people;
  const auth = createStaffAuth({ db, repository, accounts, people, store, audit, clock, secret });
  const directory = createStaffDirectory(people, repository);
  const endSignIns = (userId: string) => accounts.sessions.endAllOf(userId);
  const service = createStaffService({
    db,
    repository,
    auth,
    audit,
    mail,
    endSignIns,
    clock,
    publicUrl,
    people,
    directory,
    work,
  });
  return { auth, directory, service, savedViews: createSavedViews(db, audit, clock) };
}
