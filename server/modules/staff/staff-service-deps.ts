import type { Kysely } from "kysely";
import type { OpenWorkItem } from "../../../contract/staff";
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
  /** The open work a colleague holds, and its hand-over when they leave (the orders module). */
  work: StaffWork;
}

/** What the staff module needs of the orders module's deliverables (its service answers; staff never reads its tables). */
export interface StaffWork {
  /** The open deliverables assigned to `userId`. */
  openWorkOf(userId: string, trx?: Kysely<Database>): Promise<OpenWorkItem[]>;
  /** Gives every open deliverable of `fromId` to `toId` (an active colleague) or to the pool (null), in `trx`; each audited. */
  handOver(trx: Kysely<Database>, actor: StaffActor, fromId: string, toId: string | null): Promise<OpenWorkItem[]>;
}

/** Who acts, from where: the request's staff user and address. */
export interface StaffActor extends AuditActor {
  id: string;
  ip: string;
}
