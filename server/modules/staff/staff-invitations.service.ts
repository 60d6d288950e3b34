import { randomBytes, randomUUID } from "node:crypto";
import {
  createInvitationAcceptance,
  type InvitationAcceptance,
  invitationTokenHash as tokenHash,
} from "./invitation-acceptance";
import type { StaffInvitation, StaffRoleName } from "../../../contract/staff";
import type { Locale } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import { invitationMail } from "./staff-mail";
import type { InvitationRow } from "./staff.repository";
import type { StaffActor, StaffServiceDeps } from "./staff-service-deps";

/** An invitation link works once and for 48 hours. */
export const INVITATION_LIFETIME_MS = 48 * 60 * 60_000;

/** Invitations: an admin invites a colleague by e-mail; the link makes their staff account. Every step is audited. */
export interface StaffInvitations extends InvitationAcceptance {
  /** Mails a single-use link (48 h) to `email`; an address that already has an account is refused. */
  invite(actor: StaffActor, input: { email: string; role: StaffRoleName; locale: Locale }): Promise<StaffInvitation>;
  /** An open invitation mailed again with a new link (the old one stops working) and a full 48 hours. */
  resendInvitation(actor: StaffActor, id: string): Promise<StaffInvitation>;
  /** An open invitation ended at once: its link no longer works. */
  revokeInvitation(actor: StaffActor, id: string): Promise<void>;
}

export function createStaffInvitations({
  db,
  repository,
  auth,
  audit,
  mail,
  clock,
  publicUrl,
  people,
}: StaffServiceDeps): StaffInvitations {
  const now = () => clock.now();

  /** A fresh single-use token and its lifetime from now. */
  const freshLink = () => {
    const at = now();
    const token = randomBytes(32).toString("base64url");
    return { at, token, expiresAt: new Date(at.getTime() + INVITATION_LIFETIME_MS) };
  };

  /** Mails the invitation's link (in `trx`, with the audit row of `action`) and answers it as the list shows it. */
  const sendLink = async (actor: StaffActor, row: InvitationRow, token: string, action: string): Promise<StaffInvitation> => {
    const inviter = await people.byId(actor.id);
    const locale = row.locale as Locale;
    // The token travels in the fragment: browsers never send it to a server, so it stays out of logs and Referer.
    const url = `${publicUrl}${locale === "es" ? "/es" : ""}/admin/invitation#${token}`;
    await db.transaction().execute(async (trx) => {
      if (action === "staff.invite") await repository.insertInvitation(row, trx);
      else if (!(await repository.changeOpenInvitation(row.id, now().toISOString(), { token_hash: row.token_hash, expires_at: row.expires_at, created_at: row.created_at }, trx))) {
        throw DomainError.conflict("staff.invitationClosed");
      }
      await audit.record({ actor, ip: actor.ip, action, subject: { type: "invitation", id: row.id }, after: { email: row.email, role: row.role, expiresAt: row.expires_at } }, trx);
      await mail.send(
        invitationMail(locale, {
          to: row.email,
          inviter: inviter ? `${inviter.first_name} ${inviter.last_name} (${inviter.email})` : "Scriptorium",
          role: row.role,
          url,
          token,
          expiresAt: new Date(row.expires_at),
        }),
        trx,
      );
    });
    return { id: row.id, email: row.email, role: row.role, createdAt: row.created_at, expiresAt: row.expires_at, invitedBy: inviter?.email ?? null };
  };

  /** An invitation still open (404 unknown, 409 used or expired). */
  const openInvitation = async (id: string): Promise<InvitationRow> => {
    const row = await repository.invitation(id);
    if (!row) throw DomainError.notFound();
    if (row.accepted_at !== null || row.expires_at <= now().toISOString()) throw DomainError.conflict("staff.invitationClosed");
    return row;
  };

  return {
    async invite(actor, input): Promise<StaffInvitation> {
      const existing = await people.idByEmail(input.email);
      if (existing) throw DomainError.field("email", "staff.emailTaken");
      const { at, token, expiresAt } = freshLink();
      const row: InvitationRow = {
        id: randomUUID(),
        email: input.email,
        role: input.role,
        token_hash: tokenHash(token),
        locale: input.locale,
        invited_by: actor.id,
        created_at: at.toISOString(),
        expires_at: expiresAt.toISOString(),
        accepted_at: null,
        accepted_by: null,
      };
      return sendLink(actor, row, token, "staff.invite");
    },

    async resendInvitation(actor, id): Promise<StaffInvitation> {
      const before = await openInvitation(id);
      const { at, token, expiresAt } = freshLink();
      // A new token: the link mailed before stops working, the new one has a full lifetime.
      const row = { ...before, token_hash: tokenHash(token), created_at: at.toISOString(), expires_at: expiresAt.toISOString() };
      return sendLink(actor, row, token, "staff.resend_invitation");
    },

    async revokeInvitation(actor, id): Promise<void> {
      const row = await openInvitation(id);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        if (!(await repository.changeOpenInvitation(id, at, { expires_at: at }, trx))) throw DomainError.conflict("staff.invitationClosed");
        await audit.record({ actor, ip: actor.ip, action: "staff.revoke_invitation", subject: { type: "invitation", id }, before: { email: row.email, role: row.role, expiresAt: row.expires_at }, after: { expiresAt: at } }, trx);
      });
    },
    ...createInvitationAcceptance({ db, repository, auth, audit, clock, people }),
  };
}
