import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { People } from "../accounts";
import type { AuditActor, AuditService } from "../audit";
import type { MailMessage } from "../mail";
import type { StaffAuth } from "./staff-auth.service";
import type { StaffDirectory } from "./staff-directory";
import type { StaffRepository } from "./staff.repository";

/** What the staff service's use cases are built from. */
export interface StaffServiceDeps {
  db: Kysely<Database>;
  repository: StaffRepository;
  auth: StaffAuth;
  audit: AuditService;
  mail: { send(message: MailMessage, trx?: Kysely<Database>): Promise<void> };
  /** Ends every sign-in of a user at once (accounts module: database and the revoked-sessions store). */
  endSignIns(userId: string): Promise<void>;
  clock: Clock;
  publicUrl: string;
  /** Who people are, and the users rows staff accounts stand on (the accounts module). */
  people: People;
  /** Staff users with their staff accounts (accounts' people and this module's table, composed). */
  directory: StaffDirectory;
}

/** Who acts, from where: the request's staff user and address. */
export interface StaffActor extends AuditActor {
  id: string;
  ip: string;
}
