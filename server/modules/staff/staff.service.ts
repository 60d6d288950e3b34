import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { InvitationLookup, StaffChallenge, StaffInvitation, StaffList, StaffMember, StaffRoleName } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import type { Locale } from "../../i18n/messages";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { AuditActor, AuditService } from "../audit";
import type { MailMessage } from "../mail";
import { hashPassword } from "../accounts";
import type { StaffAuth } from "./staff-auth.service";
import { invitationMail } from "./staff-mail";
import type { InvitationRow, StaffRepository, StaffUserRow } from "./staff.repository";
import type { People } from "../accounts";
import type { StaffDirectory } from "./staff-directory";

/** An invitation link works once and for 48 hours. */
export const INVITATION_LIFETIME_MS = 48 * 60 * 60_000;

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

const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

function toMember(row: StaffUserRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role as StaffRoleName,
    enrolled: row.totp_enrolled_at !== null,
    deactivatedAt: row.deactivated_at,
    createdAt: row.created_at,
  };
}

/** Staff accounts for admins (list, invite, change role, deactivate) and the invitation's acceptance. Every change is audited. */
export function createStaffService({ db, repository, auth, audit, mail, endSignIns, clock, publicUrl, people, directory }: StaffServiceDeps) {
  const now = () => clock.now();

  const usableInvitation = async (token: string): Promise<InvitationRow> => {
    const invitation = await repository.invitationByHash(tokenHash(token));
    if (!invitation) throw DomainError.notFound();
    if (invitation.accepted_at) throw DomainError.conflict("staff.invitationUsed");
    if (invitation.expires_at <= now().toISOString()) throw DomainError.conflict("staff.invitationExpired");
    return invitation;
  };

  const member = async (userId: string): Promise<StaffUserRow> => {
    const row = await directory.staffUser(userId);
    if (!row) throw DomainError.notFound();
    return row;
  };

  const notSelf = (actor: StaffActor, userId: string) => {
    if (actor.id === userId) throw DomainError.conflict("staff.notYourself");
  };

  return {
    async list(): Promise<StaffList> {
      const [members, invitations] = await Promise.all([directory.staffList(), directory.openInvitations(now().toISOString())]);
      return {
        members: members.map(toMember),
        invitations: invitations.map((row) => ({
          id: row.id, email: row.email, role: row.role, createdAt: row.created_at, expiresAt: row.expires_at, invitedBy: row.invited_by_email,
        })),
      };
    },

    /** Mails a single-use link (48 h) to `email`; an address that already has an account is refused. */
    async invite(actor: StaffActor, input: { email: string; role: StaffRoleName; locale: Locale }): Promise<StaffInvitation> {
      const existing = await people.idByEmail(input.email);
      if (existing) throw DomainError.field("email", "staff.emailTaken");
      const at = now();
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(at.getTime() + INVITATION_LIFETIME_MS);
      const row: InvitationRow = {
        id: randomUUID(), email: input.email, role: input.role, token_hash: tokenHash(token), locale: input.locale, invited_by: actor.id,
        created_at: at.toISOString(), expires_at: expiresAt.toISOString(), accepted_at: null, accepted_by: null,
      };
      const inviter = await people.byId(actor.id);
      // The token travels in the fragment: browsers never send it to a server, so it stays out of logs and Referer.
      const url = `${publicUrl}${input.locale === "es" ? "/es" : ""}/admin/invitation#${token}`;
      await db.transaction().execute(async (trx) => {
        await repository.insertInvitation(row, trx);
        await audit.record({ actor, ip: actor.ip, action: "staff.invite", subject: { type: "invitation", id: row.id }, after: { email: row.email, role: row.role } }, trx);
        await mail.send(invitationMail(input.locale, { to: row.email, inviter: inviter ? `${inviter.first_name} ${inviter.last_name} (${inviter.email})` : "Scriptorium", role: row.role, url, token, expiresAt }), trx);
      });
      return { id: row.id, email: row.email, role: row.role, createdAt: row.created_at, expiresAt: row.expires_at, invitedBy: inviter?.email ?? null };
    },

    async lookupInvitation(token: string): Promise<InvitationLookup> {
      const invitation = await usableInvitation(token);
      return { email: invitation.email, role: invitation.role, expiresAt: invitation.expires_at, locale: invitation.locale === "es" ? "es" : "en" };
    },

    /** Creates the staff account with the invited role and answers the enrolment step of its first sign-in. */
    async acceptInvitation(input: { token: string; firstName: string; lastName: string; password: string }, ip: string): Promise<StaffChallenge> {
      const invitation = await usableInvitation(input.token);
      const passwordHash = await hashPassword(input.password);
      const at = now().toISOString();
      const userId = randomUUID();
      await db.transaction().execute(async (trx) => {
        // Claimed first, in the same transaction: parallel acceptances of one link find it used (409), never a duplicate account.
        if (!(await repository.claimInvitation(invitation.id, at, trx))) throw DomainError.conflict("staff.invitationUsed");
        if (await people.idByEmail(invitation.email, trx)) throw DomainError.field("", "staff.emailTaken");
        const user = { id: userId, email: invitation.email, first_name: input.firstName, last_name: input.lastName, password_hash: passwordHash, role: invitation.role, at };
        if (!(await people.createStaffUser(user, trx))) throw DomainError.field("", "staff.emailTaken");
        await repository.ensureAccount(userId, at, trx);
        await repository.setInvitationAcceptedBy(invitation.id, userId, trx);
        await audit.record(
          { actor: { id: userId, role: invitation.role }, ip, action: "staff.accept_invitation", subject: { type: "staff", id: userId }, after: { email: invitation.email, role: invitation.role }, note: invitation.id },
          trx,
        );
      });
      return auth.challenge({ id: userId, email: invitation.email, role: invitation.role }, false);
    },

    /** A new role ends the person's sign-ins, so no token speaks for the old role. */
    async changeRole(actor: StaffActor, userId: string, role: StaffRoleName): Promise<StaffMember> {
      notSelf(actor, userId);
      const before = await member(userId);
      if (before.role === role) return toMember(before);
      await db.transaction().execute(async (trx) => {
        await people.setRole(userId, role, now().toISOString(), trx);
        await audit.record({ actor, ip: actor.ip, action: "staff.change_role", subject: { type: "staff", id: userId }, before: { role: before.role }, after: { role } }, trx);
      });
      await endSignIns(userId);
      return toMember(await member(userId));
    },

    /** Deactivated: every sign-in ends at once and no new one starts; `active: true` gives the account back. */
    async setActive(actor: StaffActor, userId: string, active: boolean): Promise<StaffMember> {
      notSelf(actor, userId);
      const before = await member(userId);
      if ((before.deactivated_at === null) === active) return toMember(before);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        await repository.ensureAccount(userId, at, trx);
        await repository.setDeactivated(userId, active ? null : at, at, trx);
        await audit.record(
          { actor, ip: actor.ip, action: active ? "staff.reactivate" : "staff.deactivate", subject: { type: "staff", id: userId }, before: { active: !active }, after: { active } },
          trx,
        );
      });
      if (!active) await endSignIns(userId);
      return toMember(await member(userId));
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
